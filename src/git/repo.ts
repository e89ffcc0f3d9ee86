/**
 * The one interface the domain sees. Two implementations: cli-repo.ts (the git
 * binary, production default) and iso-repo.ts (isomorphic-git, used on memfs in
 * unit tests and by library users without git). Small role interfaces, in the
 * manner of git-bug's repository package, so a command asks only for what it uses.
 */

export type ObjectId = string;

export interface Person {
  name: string;
  email: string;
  /** Seconds since the epoch. */
  timestamp: number;
  /** Minutes east of UTC, as git stores it (+0100 → 60). */
  tzOffsetMinutes: number;
}

export interface TreeEntry {
  mode: '100644' | '100755' | '120000' | '040000' | '160000';
  type: 'blob' | 'tree' | 'commit';
  oid: ObjectId;
  /** One path component: no '/'. */
  name: string;
}

export interface CommitInfo {
  oid: ObjectId;
  tree: ObjectId;
  parents: ObjectId[];
  author: Person;
  committer: Person;
  message: string;
}

export interface NewCommit {
  tree: ObjectId;
  parents: ObjectId[];
  author: Person;
  committer: Person;
  message: string;
}

/** A blob read under a size cap: `data` is null when `size` is over it. */
export interface CappedBlob {
  size: number;
  data: Uint8Array | null;
}

export interface Objects {
  /** Returns null when the object does not exist or is not a blob. */
  readBlob(oid: ObjectId): Promise<Uint8Array | null>;
  /** Reads the blob at `path` inside the tree of `commitish`; null when absent. */
  readBlobAt(commit: ObjectId, path: string): Promise<Uint8Array | null>;
  /**
   * Like `readBlobAt`, but a blob larger than `maxBytes` is not read: `data`
   * is null and `size` says how large it is. The CLI backend asks git for the
   * size first, so memory stays bounded whatever a stranger's chain holds;
   * isomorphic-git can only inflate the whole object and then drop it.
   */
  readBlobAtCapped(commit: ObjectId, path: string, maxBytes: number): Promise<CappedBlob | null>;
  readTree(oid: ObjectId): Promise<TreeEntry[] | null>;
  readCommit(oid: ObjectId): Promise<CommitInfo | null>;
  writeBlob(data: Uint8Array | string): Promise<ObjectId>;
  writeTree(entries: TreeEntry[]): Promise<ObjectId>;
  writeCommit(commit: NewCommit): Promise<ObjectId>;
  /**
   * Commits reachable from `tips` following every parent, newest first by
   * committer date, at most `limit` (all when undefined). One subprocess in the
   * CLI backend, whatever the number of commits.
   */
  walkCommits(tips: ObjectId[], opts?: { limit?: number; firstParent?: boolean }): Promise<CommitInfo[]>;
  /** True when `ancestor` is reachable from `descendant` (both must exist). */
  isAncestor(ancestor: ObjectId, descendant: ObjectId): Promise<boolean>;
  hasObject(oid: ObjectId): Promise<boolean>;
}

export interface RefRecord {
  name: string;
  oid: ObjectId;
}

export interface Refs {
  /** Resolves a full ref name; null when it does not exist. */
  readRef(name: string): Promise<ObjectId | null>;
  /** Every ref whose name starts with `prefix` (which ends with '/'), sorted by name. */
  listRefs(prefix: string): Promise<RefRecord[]>;
  /**
   * Compare-and-swap: moves `name` to `next` only if it currently points at
   * `expected` (null: must not exist). Returns false when the ref moved under us.
   */
  updateRef(name: string, next: ObjectId, expected: ObjectId | null, reason: string): Promise<boolean>;
  /** Compare-and-swap delete; false when the ref moved or is already gone. */
  deleteRef(name: string, expected: ObjectId): Promise<boolean>;
}

export interface Config {
  /** Last value of a key (git's rule for single-valued keys); null when unset. */
  getConfig(key: string): Promise<string | null>;
  getConfigAll(key: string): Promise<string[]>;
  /** Sets a key in the repository's local config. */
  setConfig(key: string, value: string): Promise<void>;
  /** Drops any cached config so the next read sees other processes' writes. */
  reloadConfig(): void;
}

export interface StatusEntry {
  path: string;
  /** Two-letter porcelain status, index then work tree ('.M', 'A.', '??', 'UU', ...). */
  xy: string;
  /** Source path of a rename or copy. */
  origPath?: string;
}

export interface WorktreeStatus {
  /** Null when HEAD is detached. */
  branch: string | null;
  /** Null on an unborn branch. */
  head: ObjectId | null;
  upstream: string | null;
  ahead: number;
  behind: number;
  entries: StatusEntry[];
}

export interface Worktree {
  /** Branch, upstream and every dirty path, untracked included, ignored excluded. */
  status(): Promise<WorktreeStatus>;
  /** Blob ids of the working-tree content of `paths` (without writing them); null for a missing file. */
  hashWorktreeFiles(paths: string[]): Promise<(ObjectId | null)[]>;
  /** The branch HEAD points at (short name), without scanning the working tree; null when detached. */
  headBranch(): Promise<string | null>;
  /** First-parent history of HEAD, newest first: at most `n` commits. */
  recentCommits(n: number): Promise<{ oid: ObjectId; subject: string }[]>;
}

export interface RepoInfo {
  /** The worktree's own git dir (per-worktree state lives here). */
  gitDir: string;
  /** The git dir shared by every worktree of the clone (config, refs). */
  commonDir: string;
  /** Null in a bare repository. */
  workTree: string | null;
  objectFormat: 'sha1' | 'sha256';
}

/** Files this tool keeps inside the git dir (never inside the working tree). */
export interface GitDirFiles {
  readGitFile(name: string, scope: 'worktree' | 'common'): Promise<string | null>;
  writeGitFile(name: string, content: string, scope: 'worktree' | 'common'): Promise<void>;
  /** Creates the file only if it does not exist (an inter-process lock); false when it exists. */
  createGitFileExclusive(name: string, content: string, scope: 'worktree' | 'common'): Promise<boolean>;
  /** Removes the file; no error when it is already gone. */
  deleteGitFile(name: string, scope: 'worktree' | 'common'): Promise<void>;
}

export interface Repo extends Objects, Refs, Config, Worktree, GitDirFiles {
  readonly info: RepoInfo;
  readonly backend: 'cli' | 'isomorphic-git';
  /** Stops helper processes (cat-file --batch); safe to call twice. */
  close(): Promise<void>;
}

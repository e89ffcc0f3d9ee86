/**
 * The one interface the domain sees. Two implementations: cli-repo.ts (the git
 * binary, production default) and iso-repo.ts (isomorphic-git, used on memfs in
 * unit tests and by library users without git). Small role interfaces, in the
 * manner of git-bug's repository package, so a command asks only for what it uses.
 */
import type { GitOperation } from './in-progress.js';
import type { WorktreeEntry } from './worktree-read.js';

export type { WorktreeEntry } from './worktree-read.js';
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

/** A commit's id and its parents as stored, nothing else read. */
export interface CommitLink {
  oid: ObjectId;
  parents: ObjectId[];
}

/** What `scanCommits` hands over of each commit. */
export interface ScannedCommit {
  oid: ObjectId;
  parents: ObjectId[];
  /** Committer time, seconds since the epoch. */
  committed: number;
  message: string;
}

export interface WalkOptions {
  limit?: number;
  firstParent?: boolean;
  /** Leaves out every commit reachable from these (git's `^oid`): `tip` since `base` is `{exclude: [base]}`. */
  exclude?: ObjectId[];
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
  walkCommits(tips: ObjectId[], opts?: WalkOptions): Promise<CommitInfo[]>;
  /**
   * The commits `walkCommits` would return, in its order, handed to
   * `onCommit` one at a time as git writes them and kept nowhere: only what a
   * listing needs (id, parents, committer time, message), so a walk of any
   * length costs the memory of one commit.
   */
  scanCommits(tips: ObjectId[], opts: Omit<WalkOptions, 'limit'>, onCommit: (c: ScannedCommit) => void): Promise<void>;
  /**
   * The commits `walkCommits` would return, in its order, as ids and parents
   * only (`git rev-list --parents`): one process and a line per commit, no
   * message read, whatever the number of tips.
   */
  walkLinks(tips: ObjectId[], opts?: Omit<WalkOptions, 'limit'>): Promise<CommitLink[]>;
  /** How many commits `walkCommits` would return, without reading them (`git rev-list --count`). */
  countCommits(tips: ObjectId[], opts?: Omit<WalkOptions, 'limit'>): Promise<number>;
  /** True when `ancestor` is reachable from `descendant` (both must exist). */
  isAncestor(ancestor: ObjectId, descendant: ObjectId): Promise<boolean>;
  hasObject(oid: ObjectId): Promise<boolean>;
}

export interface RefRecord {
  name: string;
  oid: ObjectId;
}

export interface RefTip extends RefRecord {
  /** The parents of the commit it points at: empty for a root commit, or for anything not a commit. */
  parents: ObjectId[];
}

export interface Refs {
  /** Resolves a full ref name; null when it does not exist. */
  readRef(name: string): Promise<ObjectId | null>;
  /** Every ref whose name starts with `prefix` (which ends with '/'), sorted by name. */
  listRefs(prefix: string): Promise<RefRecord[]>;
  /** listRefs with each tip's parents (`for-each-ref` `%(parent)`): one step of history, without a walk. */
  listRefTips(prefix: string): Promise<RefTip[]>;
  /**
   * Compare-and-swap: moves `name` to `next` only if it currently points at
   * `expected` (null: must not exist). Returns false when the ref moved under us.
   */
  updateRef(name: string, next: ObjectId, expected: ObjectId | null, reason: string): Promise<boolean>;
  /** Compare-and-swap delete; false when the ref moved or is already gone. */
  deleteRef(name: string, expected: ObjectId): Promise<boolean>;
  /**
   * Compare-and-swap of several refs in one transaction: true when every one
   * moved, false when none did — for any reason (a ref moved, a lock, a
   * failed write): the caller then moves them one by one with `updateRef`,
   * whose failures are the precise ones.
   */
  tryUpdateRefs(updates: RefUpdate[], reason: string): Promise<boolean>;
}

export interface RefUpdate {
  name: string;
  next: ObjectId;
  /** null: the ref must not exist. */
  expected: ObjectId | null;
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
  /**
   * Blob ids of the working-tree content of `paths` (without writing them), as
   * git stores them: a symlink is its target text, never followed. Null for a
   * missing path, a directory, or a special file (FIFO, socket, device), which
   * is never opened.
   */
  hashWorktreeFiles(paths: string[]): Promise<(ObjectId | null)[]>;
  /** The branch HEAD points at (short name), without scanning the working tree; null when detached. */
  headBranch(): Promise<string | null>;
  /** First-parent history of HEAD, newest first: at most `n` commits. */
  recentCommits(n: number): Promise<{ oid: ObjectId; subject: string }[]>;
  /** The git operation waiting in this worktree (a merge with conflicts, a rebase, a bisect, ...); null when none. */
  inProgress(): Promise<GitOperation | null>;
  /**
   * Size and bytes of a working-tree file, without following a final symlink
   * (a symlink's bytes are its target, as git stores it), never reading more
   * than `maxBytes` + 1. `data` is null when the file is larger than
   * `maxBytes`; a FIFO, socket or device is not opened: `data` null and
   * `special` names it. The result is null when the path is missing or a
   * directory (a submodule).
   */
  readWorktreeFile(path: string, maxBytes: number): Promise<{ size: number; data: Uint8Array | null; special?: string } | null>;
  /**
   * Reads each of `paths` once, one after the other (as `readWorktreeFile`,
   * a file over `maxBytes` hashed in bounded chunks and let go), and hands
   * each entry to `visit` as it is read, so a caller that keeps only some
   * bytes never holds the rest. An entry's `oid` names exactly the bytes read
   * (see `storesBytesAsIs` for when that is git's blob id); the entry is null
   * for a missing path or a directory.
   */
  readWorktreeFiles(paths: string[], maxBytes: number, visit: (path: string, entry: WorktreeEntry | null) => void): Promise<void>;
  /**
   * True when git stores the files at `paths` byte for byte (no clean filter,
   * end-of-line or encoding conversion; modes and symlinks as the file system
   * has them): then a read entry's oid is git's blob id and its bytes the blob.
   */
  storesBytesAsIs(paths: string[]): Promise<boolean>;
  /**
   * The tree `git add -A` would stage, built apart from the user's index (the
   * CLI backend uses a temporary index in the git dir), touching neither the
   * working tree nor any ref: HEAD's tree (empty when unborn) with each path of
   * `changed` set to its working-tree state (added, replaced, or removed when
   * missing), except the paths in `keep`, which stay as in HEAD (absent when
   * HEAD lacks them). Writes the blobs and trees it needs.
   *
   * `read` holds entries read already (`readWorktreeFiles`, when
   * `storesBytesAsIs`): such a path is written from those bytes and not read
   * again, so its blob is the one its oid names; one whose bytes were let go
   * is read again and must still name the same oid, else the snapshot fails
   * (the file changed while the checkpoint was being made).
   */
  snapshotWorktree(changed: string[], keep: string[], read?: ReadonlyMap<string, WorktreeEntry | null>): Promise<ObjectId>;
  /**
   * Writes the blobs at `write` (paths inside `tree`) into the working tree with
   * their modes, and deletes the files at `remove`; never touches the index or
   * a ref. Callers validate the paths (no `..`, absolute or `.git` parts);
   * a path under a symlinked directory is refused with OperationError.
   */
  restoreWorktreeFiles(tree: ObjectId, write: string[], remove: string[]): Promise<void>;
  /**
   * Git's own patch text (no colour) from `tree` to the working tree, new
   * untracked (not ignored) files included, leaving out `exclude`. The
   * isomorphic-git backend throws UnsupportedError (it has no diff engine).
   */
  diffTreeToWorktree(tree: ObjectId, exclude: string[]): Promise<string>;
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
  /** Appends to the file, creating it when missing (not atomic: for caches that check what they read back). */
  appendGitFile(name: string, content: string, scope: 'worktree' | 'common'): Promise<void>;
  /** Creates the file only if it does not exist (an inter-process lock); false when it exists. */
  createGitFileExclusive(name: string, content: string, scope: 'worktree' | 'common'): Promise<boolean>;
  /** Removes the file; no error when it is already gone. */
  deleteGitFile(name: string, scope: 'worktree' | 'common'): Promise<void>;
}

/** One ref of a push as git reported it (`git push --porcelain`). */
export interface PushedRef {
  /** ' ' fast-forward, '+' forced, '-' deleted, '*' new, '=' up to date, '!' rejected or failed. */
  flag: ' ' | '+' | '-' | '*' | '=' | '!';
  /** The remote ref. */
  ref: string;
  /** git's own words: `[rejected] (stale info)`, `abc..def`, `[new reference]`. */
  summary: string;
}

export interface PushOutcome {
  /** True when git exited 0 (every ref accepted). */
  ok: boolean;
  refs: PushedRef[];
  /** git's stderr, for the error message when nothing was reported per ref. */
  stderr: string;
}

/** A `--force-with-lease=<ref>:<expected>` for one remote ref; null expects the ref to be absent. */
export interface Lease {
  ref: string;
  expected: ObjectId | null;
}

/**
 * Transfer through the git binary (SPEC §5), so every transport git supports
 * works with the user's own credentials and config. `remote` is a configured
 * remote name. The isomorphic-git backend refuses (UnsupportedError).
 */
export interface Transport {
  /** `git fetch` of exactly these refspecs (negative ones included); resolves with git's verdict. */
  fetchRefs(remote: string, refspecs: string[]): Promise<{ ok: boolean; stderr: string }>;
  /** `git ls-remote --refs` for these patterns (git's tail matching, `refs/checkpoints/*`); refs null when git fails. */
  listRemoteRefs(remote: string, patterns: string[]): Promise<{ refs: RefRecord[] | null; stderr: string }>;
  /** `git push --porcelain --no-verify` of these refspecs; `atomic` makes it all or nothing. Never forces without a lease. */
  pushRefs(remote: string, refspecs: string[], opts: { atomic: boolean; leases: Lease[]; dryRun?: boolean }): Promise<PushOutcome>;
}

export interface Repo extends Objects, Refs, Config, Worktree, GitDirFiles, Transport {
  readonly info: RepoInfo;
  readonly backend: 'cli' | 'isomorphic-git';
  /** Stops helper processes (cat-file --batch); safe to call twice. */
  close(): Promise<void>;
  /**
   * Stops the helper processes when none is answering a read; the next read
   * starts them again, and all else (config read, remembered walks) is kept.
   * False when one was busy: nothing stopped, call again later.
   */
  rest(): boolean;
}

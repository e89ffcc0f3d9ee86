/**
 * The embedded `Repo`: isomorphic-git over any node-fs-like object (memfs in
 * unit tests, library users without a git binary). What isomorphic-git cannot
 * do (linked worktrees, SHA-256, reftable, index v4) is refused on opening
 * (SPEC §1). Commits are serialized by us, byte for byte from the values given
 * (see iso-objects.ts). This class only delegates to the iso-* modules.
 */
import { readInProgress, type GitOperation } from '../in-progress.js';
import { UnsupportedError } from '../../errors.js';
import * as config from './iso-config.js';
import type { FsPromises, IsoContext } from './iso-context.js';
import * as files from '../git-files.js';
import * as objects from './iso-objects.js';
import { findRepo, refuseUnsupported } from './iso-open.js';
import * as refs from './iso-refs.js';
import * as worktreeStatus from './iso-status.js';
import * as walk from './iso-walk.js';
import * as worktree from './iso-worktree.js';
import type { WorktreeFs, WorktreeSyncFs } from '../worktree-files.js';
import { blobHasher, hashWorktreeEntries, readWorktreeEntrySync, type WorktreeEntry, type WorktreeRead } from '../worktree-read.js';
import type {
  CappedBlob, CommitInfo, CommitLink, Lease, NewCommit, ObjectId, PushOutcome, RefRecord, RefTip, Repo, RepoInfo, TreeEntry,
  ScannedCommit, WalkOptions, WorktreeStatus,
  RefUpdate,
} from '../repo.js';

export { porcelainCodes } from './iso-status.js';

/** Options for `openIsoRepo`. */
export interface IsoRepoOptions {
  /**
   * node-fs-like (node:fs, memfs), with a `.promises` member. `any` because
   * memfs's and node's fs types do not match isomorphic-git's FsClient exactly.
   */
  fs: any;
  /** The working tree, or any directory inside it when `gitdir` is not given. */
  dir: string;
  /** The git dir; default: the `.git` found in `dir` or the nearest parent that has one. */
  gitdir?: string;
}

/**
 * Opens the repository at (or above) `opts.dir` with isomorphic-git.
 * Throws FatalError when there is no repository; UnsupportedError for a linked
 * worktree (a `.git` file whose git dir has a `commondir`) or a repository
 * format isomorphic-git cannot read (SHA-256, reftable, index v4).
 */
export async function openIsoRepo(opts: IsoRepoOptions): Promise<Repo> {
  const fsp = opts.fs.promises as FsPromises;
  const found = await findRepo(fsp, opts.dir, opts.gitdir);
  const ctx: IsoContext = { fs: opts.fs, fsp, dir: found.dir, gitdir: found.gitdir, cache: {} };
  await refuseUnsupported(ctx);
  return new IsoRepo(ctx);
}

/** Transfer needs the git binary: isomorphic-git has no ssh, and we keep one transport path. */
function transportUnsupported(what: string, remote: string): UnsupportedError {
  return new UnsupportedError(`cannot ${what} '${remote}' with the isomorphic-git backend`, {
    hint: 'install git (>= 2.31) and run git checkpoint with it',
    data: { remote },
  });
}

class IsoRepo implements Repo {
  readonly backend = 'isomorphic-git' as const;
  readonly info: RepoInfo;

  constructor(private readonly ctx: IsoContext) {
    // No linked worktrees here, so the per-worktree and the common git dir are one.
    this.info = { gitDir: ctx.gitdir, commonDir: ctx.gitdir, workTree: ctx.dir, objectFormat: 'sha1' };
  }

  // ── objects ──
  readBlob(oid: ObjectId): Promise<Uint8Array | null> {
    return objects.readBlob(this.ctx, oid);
  }

  readBlobAt(commit: ObjectId, path: string): Promise<Uint8Array | null> {
    return objects.readBlobAt(this.ctx, commit, path);
  }

  readBlobAtCapped(commit: ObjectId, path: string, maxBytes: number): Promise<CappedBlob | null> {
    return objects.readBlobAtCapped(this.ctx, commit, path, maxBytes);
  }

  readTree(oid: ObjectId): Promise<TreeEntry[] | null> {
    return objects.readTree(this.ctx, oid);
  }

  readCommit(oid: ObjectId): Promise<CommitInfo | null> {
    return objects.readCommit(this.ctx, oid);
  }

  writeBlob(data: Uint8Array | string): Promise<ObjectId> {
    return objects.writeBlob(this.ctx, data);
  }

  writeTree(entries: TreeEntry[]): Promise<ObjectId> {
    return objects.writeTree(this.ctx, entries);
  }

  writeCommit(commit: NewCommit): Promise<ObjectId> {
    return objects.writeCommit(this.ctx, commit);
  }

  hasObject(oid: ObjectId): Promise<boolean> {
    return objects.hasObject(this.ctx, oid);
  }

  walkCommits(tips: ObjectId[], opts?: WalkOptions): Promise<CommitInfo[]> {
    return walk.walkCommits(this.ctx, tips, opts);
  }

  async scanCommits(tips: ObjectId[], opts: Omit<WalkOptions, 'limit'>, onCommit: (c: ScannedCommit) => void): Promise<void> {
    for (const c of await walk.walkCommits(this.ctx, tips, opts)) onCommit({ oid: c.oid, parents: c.parents, committed: c.committer.timestamp, message: c.message });
  }

  async walkLinks(tips: ObjectId[], opts: Omit<WalkOptions, 'limit'> = {}): Promise<CommitLink[]> {
    return (await walk.walkCommits(this.ctx, tips, opts)).map(({ oid, parents }) => ({ oid, parents }));
  }

  countCommits(tips: ObjectId[], opts?: Omit<WalkOptions, 'limit'>): Promise<number> {
    return walk.countCommits(this.ctx, tips, opts);
  }

  isAncestor(ancestor: ObjectId, descendant: ObjectId): Promise<boolean> {
    return walk.isAncestor(this.ctx, ancestor, descendant);
  }

  // ── transport ──
  async fetchRefs(remote: string, _refspecs: string[]): Promise<{ ok: boolean; stderr: string }> {
    throw transportUnsupported('fetch', remote);
  }

  async listRemoteRefs(remote: string, _patterns: string[]): Promise<{ refs: RefRecord[] | null; stderr: string }> {
    throw transportUnsupported('ls-remote', remote);
  }

  async pushRefs(remote: string, _refspecs: string[], _opts: { atomic: boolean; leases: Lease[] }): Promise<PushOutcome> {
    throw transportUnsupported('push', remote);
  }

  // ── refs ──
  readRef(name: string): Promise<ObjectId | null> {
    return refs.readRef(this.ctx, name);
  }

  listRefs(prefix: string): Promise<RefRecord[]> {
    return refs.listRefs(this.ctx, prefix);
  }

  async listRefTips(prefix: string): Promise<RefTip[]> {
    return Promise.all((await this.listRefs(prefix)).map(async (r) => ({ ...r, parents: (await this.readCommit(r.oid).catch(() => null))?.parents ?? [] })));
  }

  /** isomorphic-git keeps no reflog, so the reason is not passed on. */
  updateRef(name: string, next: ObjectId, expected: ObjectId | null): Promise<boolean> {
    return refs.updateRef(this.ctx, name, next, expected);
  }

  tryUpdateRefs(updates: RefUpdate[]): Promise<boolean> {
    return refs.tryUpdateRefs(this.ctx, updates);
  }

  deleteRef(name: string, expected: ObjectId): Promise<boolean> {
    return refs.deleteRef(this.ctx, name, expected);
  }

  // ── config ──
  getConfig(key: string): Promise<string | null> {
    return config.getConfig(this.ctx, key);
  }

  getConfigAll(key: string): Promise<string[]> {
    return config.getConfigAll(this.ctx, key);
  }

  setConfig(key: string, value: string): Promise<void> {
    return config.setConfig(this.ctx, key, value);
  }

  /** Nothing to drop: isomorphic-git reads the config file on every call. */
  reloadConfig(): void {}

  // ── working tree ──
  status(): Promise<WorktreeStatus> {
    return worktreeStatus.status(this.ctx);
  }

  /** isomorphic-git stores every file as its bytes: hashed here as read. */
  hashWorktreeFiles(paths: string[]): Promise<(ObjectId | null)[]> {
    return hashWorktreeEntries(this.syncFs, this.ctx.dir, paths, 'sha1');
  }

  headBranch(): Promise<string | null> {
    return worktreeStatus.headBranch(this.ctx);
  }

  recentCommits(n: number): Promise<{ oid: ObjectId; subject: string }[]> {
    return walk.recentCommits(this.ctx, n);
  }

  inProgress(): Promise<GitOperation | null> {
    return readInProgress((name) => this.ctx.fsp.lstat(`${this.ctx.gitdir}/${name}`).then(() => true, () => false));
  }

  async readWorktreeFile(path: string, maxBytes: number): Promise<WorktreeRead | null> {
    const entry = readWorktreeEntrySync(this.syncFs, this.ctx.dir, path, maxBytes, await blobHasher('sha1'));
    return entry && { size: entry.size, data: entry.data, ...(entry.special ? { special: entry.special } : {}) };
  }

  async readWorktreeFiles(paths: string[], maxBytes: number, visit: (path: string, entry: WorktreeEntry | null) => void): Promise<void> {
    const start = await blobHasher('sha1');
    for (const path of paths) visit(path, readWorktreeEntrySync(this.syncFs, this.ctx.dir, path, maxBytes, start));
  }

  /** isomorphic-git applies no filters or conversions. */
  async storesBytesAsIs(): Promise<boolean> {
    return true;
  }

  async snapshotWorktree(changed: string[], keep: string[], read?: ReadonlyMap<string, WorktreeEntry | null>): Promise<ObjectId> {
    const src = { fs: this.syncFs, top: this.ctx.dir, start: await blobHasher('sha1'), read };
    return worktree.snapshotWorktree(this, src, changed, keep);
  }

  restoreWorktreeFiles(tree: ObjectId, write: string[], remove: string[]): Promise<void> {
    return worktree.restoreWorktreeFiles(this, this.wfs, this.ctx.dir, tree, write, remove);
  }

  async diffTreeToWorktree(): Promise<string> {
    throw new UnsupportedError('the isomorphic-git backend cannot show diffs', { hint: 'use the git CLI backend' });
  }

  private get wfs(): WorktreeFs {
    return this.ctx.fsp as unknown as WorktreeFs;
  }

  /** node:fs and memfs both have the synchronous calls next to `.promises`. */
  private get syncFs(): WorktreeSyncFs {
    return this.ctx.fs as unknown as WorktreeSyncFs;
  }

  // ── git-dir files (one git dir here, so the scope makes no difference) ──
  readGitFile(name: string): Promise<string | null> {
    return files.readGitFile(this.ctx.fsp, this.ctx.gitdir, name);
  }

  writeGitFile(name: string, content: string): Promise<void> {
    return files.writeGitFile(this.ctx.fsp, this.ctx.gitdir, name, content);
  }

  appendGitFile(name: string, content: string): Promise<void> {
    return files.appendGitFile(this.ctx.fsp, this.ctx.gitdir, name, content);
  }

  createGitFileExclusive(name: string, content: string): Promise<boolean> {
    return files.createGitFileExclusive(this.ctx.fsp, this.ctx.gitdir, name, content);
  }

  deleteGitFile(name: string): Promise<void> {
    return files.deleteGitFile(this.ctx.fsp, this.ctx.gitdir, name);
  }

  async close(): Promise<void> {}

  rest(): boolean {
    return true;
  }
}

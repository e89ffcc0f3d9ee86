/**
 * The production `Repo`: the git binary, batched — one `cat-file --batch` for
 * reads, one `log` for a whole walk — so it works wherever git works (linked
 * worktrees, SHA-256, reftable, index v4, fsmonitor). This class only holds
 * the helper processes and delegates to the cli-* modules.
 */
import * as fs from 'node:fs';
import * as fsp from 'node:fs/promises';
import { join } from 'node:path';
import { FatalError } from '../../errors.js';
import { CatFileBatch } from './cat-file-batch.js';
import { CliConfig } from './cli-config.js';
import type { CliContext } from './cli-context.js';
import * as objects from './cli-objects.js';
import { probeRepo } from './cli-open.js';
import * as refs from './cli-refs.js';
import * as worktreeStatus from './cli-status.js';
import { fetchRefs, listRemoteRefs, pushRefs } from './cli-transport.js';
import * as walk from './cli-walk.js';
import { WalkMemo } from './walk-memo.js';
import * as worktree from './cli-worktree.js';
import { blobHasher, hashWorktreeEntries, readWorktreeEntrySync, type WorktreeEntry, type WorktreeRead } from '../worktree-read.js';
import { readConfig, type ConfigRead } from './config-map.js';
import { discoverInProcess, statOrNull } from './discover.js';
import { storesBytesAsIs, type PlainContentFacts } from './plain-content.js';
import { snapshotInProcess } from '../snapshot-in-process.js';
import * as files from '../git-files.js';
import { readInProgress, type GitOperation } from '../in-progress.js';
import { removeLeftovers } from './leftovers.js';
import type {
  CappedBlob, CommitInfo, CommitLink, Lease, NewCommit, PushOutcome, RefRecord, RefTip, Repo, RepoInfo, ScannedCommit, TreeEntry, WalkOptions, WorktreeStatus,
  RefUpdate,
} from '../repo.js';
import type { RunOptions } from './run-git.js';

/** Opens the repository containing `dir` with the git binary; FatalError when there is none. */
export async function openCliRepo(dir: string, env: Record<string, string | undefined>): Promise<Repo> {
  const opts: RunOptions = { cwd: dir, env };
  // Synchronous, as the discovery after it: one stat, no round trip through the thread pool.
  if (!statOrNull(dir)?.isDirectory()) throw new FatalError(`cannot change to '${dir}': No such file or directory`);
  // Config is read by nearly every command: fetch it alongside the probe, not after it.
  const config = readConfig(opts);
  config.catch(() => {});
  // The plain layouts are found from the files (no process); git's probe decides everything else.
  const { info, objectsDir } = (await discoverInProcess(dir, env, config).catch(() => null)) ?? (await probeRepo(dir, opts));
  return new CliRepo(info, env, objectsDir, config);
}

class CliRepo implements Repo {
  readonly backend = 'cli' as const;
  private readonly ctx: CliContext;
  /** Walks from commit ids answer the same while the repository stays open (HEAD against a checkpoint, each recap). */
  private readonly walks: WalkMemo;

  constructor(
    readonly info: RepoInfo,
    env: Record<string, string | undefined>,
    objectsDir: string,
    config: Promise<ConfigRead> | null = null,
  ) {
    // Our status and reads must never take the index lock from under the user.
    const quiet = { ...env, GIT_OPTIONAL_LOCKS: '0' };
    const opts: RunOptions = { cwd: info.workTree ?? info.gitDir, env: quiet };
    this.ctx = {
      info,
      opts,
      batch: new CatFileBatch(opts.cwd, quiet),
      check: new CatFileBatch(opts.cwd, quiet, 'check'),
      objectsDir,
      config: new CliConfig(opts, config),
    };
    this.walks = new WalkMemo(info.commonDir);
  }

  // ── objects ──
  readBlob(oid: string): Promise<Uint8Array | null> {
    return objects.readBlob(this.ctx, oid);
  }

  readBlobAt(commit: string, path: string): Promise<Uint8Array | null> {
    return objects.readBlobAt(this.ctx, commit, path);
  }

  readBlobAtCapped(commit: string, path: string, maxBytes: number): Promise<CappedBlob | null> {
    return objects.readBlobAtCapped(this.ctx, commit, path, maxBytes);
  }

  readTree(oid: string): Promise<TreeEntry[] | null> {
    return objects.readTree(this.ctx, oid);
  }

  readCommit(oid: string): Promise<CommitInfo | null> {
    return objects.readCommit(this.ctx, oid);
  }

  writeBlob(data: Uint8Array | string): Promise<string> {
    return objects.writeBlob(this.ctx, data);
  }

  writeTree(entries: TreeEntry[]): Promise<string> {
    return objects.writeTree(this.ctx, entries);
  }

  writeCommit(c: NewCommit): Promise<string> {
    return objects.writeCommit(this.ctx, c);
  }

  hasObject(oid: string): Promise<boolean> {
    return objects.hasObject(this.ctx, oid);
  }

  async walkCommits(tips: string[], opts?: WalkOptions): Promise<CommitInfo[]> {
    const ids = [...tips, ...(opts?.exclude ?? [])];
    const commits = await this.walks.remember('log', ids, { ...opts, tips: tips.length }, () => walk.walkCommits(this.ctx.opts, tips, opts));
    return commits.slice();
  }

  scanCommits(tips: string[], opts: Omit<WalkOptions, 'limit'>, onCommit: (c: ScannedCommit) => void): Promise<void> {
    return walk.scanCommits(this.ctx.opts, tips, opts, onCommit);
  }

  walkLinks(tips: string[], opts?: Omit<WalkOptions, 'limit'>): Promise<CommitLink[]> {
    return walk.walkLinks(this.ctx.opts, tips, opts);
  }

  countCommits(tips: string[], opts?: Omit<WalkOptions, 'limit'>): Promise<number> {
    const ids = [...tips, ...(opts?.exclude ?? [])];
    return this.walks.remember('count', ids, { ...opts, tips: tips.length }, () => walk.countCommits(this.ctx.opts, tips, opts));
  }

  isAncestor(ancestor: string, descendant: string): Promise<boolean> {
    // Only git's yes or no is kept: a commit missing now may be fetched before the next call.
    const known = this.walks.remember('is-ancestor', [ancestor, descendant], null, () => walk.ancestry(this.ctx.opts, ancestor, descendant), (a) => a !== null);
    return known.then((a) => a === true);
  }

  // ── transport ──
  fetchRefs(remote: string, refspecs: string[]): Promise<{ ok: boolean; stderr: string }> {
    return fetchRefs(this.ctx.opts, remote, refspecs);
  }

  listRemoteRefs(remote: string, patterns: string[]): Promise<{ refs: RefRecord[] | null; stderr: string }> {
    return listRemoteRefs(this.ctx.opts, remote, patterns);
  }

  pushRefs(remote: string, refspecs: string[], opts: { atomic: boolean; leases: Lease[] }): Promise<PushOutcome> {
    return pushRefs(this.ctx.opts, remote, refspecs, opts);
  }

  // ── refs ──
  readRef(name: string): Promise<string | null> {
    return refs.readRef(this.ctx, name);
  }

  listRefs(prefix: string): Promise<RefRecord[]> {
    return refs.listRefs(this.ctx, prefix);
  }

  listRefTips(prefix: string): Promise<RefTip[]> {
    return refs.listRefTips(this.ctx, prefix);
  }

  updateRef(name: string, next: string, expected: string | null, reason: string): Promise<boolean> {
    return refs.updateRef(this.ctx, name, next, expected, reason);
  }

  tryUpdateRefs(updates: RefUpdate[], reason: string): Promise<boolean> {
    return refs.tryUpdateRefs(this.ctx, updates, reason);
  }

  deleteRef(name: string, expected: string): Promise<boolean> {
    return refs.deleteRef(this.ctx, name, expected);
  }

  // ── config ──
  getConfig(key: string): Promise<string | null> {
    return this.ctx.config.get(key);
  }

  getConfigAll(key: string): Promise<string[]> {
    return this.ctx.config.getAll(key);
  }

  setConfig(key: string, value: string): Promise<void> {
    return this.ctx.config.set(key, value);
  }

  reloadConfig(): void {
    this.ctx.config.reload();
  }

  // ── working tree ──
  status(): Promise<WorktreeStatus> {
    return worktreeStatus.status(this.ctx.opts);
  }

  /** In-process when git stores the files as their bytes (no process, each file read once); else `hash-object`. */
  async hashWorktreeFiles(paths: string[]): Promise<(string | null)[]> {
    if (!paths.length || !this.info.workTree || !(await this.storesBytesAsIs(paths))) {
      return worktreeStatus.hashWorktreeFiles(this.ctx.opts, paths, this.info.objectFormat);
    }
    return hashWorktreeEntries(fs, this.info.workTree, paths, this.info.objectFormat);
  }

  headBranch(): Promise<string | null> {
    return worktreeStatus.headBranch(this.ctx.opts, this.info.gitDir);
  }

  recentCommits(n: number): Promise<{ oid: string; subject: string }[]> {
    return objects.recentCommits(this.ctx, n);
  }

  inProgress(): Promise<GitOperation | null> {
    return readInProgress((name) => fsp.stat(join(this.info.gitDir, name)).then(() => true, () => false));
  }

  async readWorktreeFile(path: string, maxBytes: number): Promise<WorktreeRead | null> {
    const entry = readWorktreeEntrySync(fs, this.ctx.opts.cwd, path, maxBytes, await blobHasher(this.info.objectFormat));
    return entry && { size: entry.size, data: entry.data, ...(entry.special ? { special: entry.special } : {}) };
  }

  async readWorktreeFiles(paths: string[], maxBytes: number, visit: (path: string, entry: WorktreeEntry | null) => void): Promise<void> {
    const start = await blobHasher(this.info.objectFormat);
    for (const path of paths) visit(path, readWorktreeEntrySync(fs, this.ctx.opts.cwd, path, maxBytes, start));
  }

  async storesBytesAsIs(paths: string[]): Promise<boolean> {
    return this.info.workTree !== null && storesBytesAsIs(this.plainFacts(), paths);
  }

  /** HEAD's tree rewritten in-process on the changed paths when it can be exact; else through a temporary index. */
  async snapshotWorktree(changed: string[], keep: string[], read?: ReadonlyMap<string, WorktreeEntry | null>): Promise<string> {
    const kept = new Set(keep);
    const update = [...new Set(changed)].filter((p) => !kept.has(p) && !p.endsWith('/'));
    if (this.info.workTree && (await this.storesBytesAsIs(update))) {
      // HEAD through the running cat-file; a process only to tell an unborn branch from an unreadable HEAD.
      const head = await objects.readCommit(this.ctx, 'HEAD');
      const unborn = !head && (await this.readRef('HEAD')) === null;
      const src = { fs, top: this.info.workTree, start: await blobHasher(this.info.objectFormat), read };
      const tree = head || unborn ? await snapshotInProcess(this, src, update, head ? head.tree : null) : null;
      if (tree) return tree;
    }
    return worktree.snapshotWorktree(this.ctx.opts, this.info.gitDir, changed, keep);
  }

  private plainFacts(): PlainContentFacts {
    return { workTree: this.info.workTree ?? this.info.gitDir, commonDir: this.info.commonDir, env: this.ctx.opts.env, config: this.ctx.config };
  }

  restoreWorktreeFiles(tree: string, write: string[], remove: string[]): Promise<void> {
    return worktree.restoreWorktreeFiles(this.ctx.opts, this.info.gitDir, tree, write, remove);
  }

  diffTreeToWorktree(tree: string, exclude: string[]): Promise<string> {
    return worktree.diffTreeToWorktree(this.ctx.opts, this.info.gitDir, tree, exclude);
  }

  // ── git-dir files ──
  readGitFile(name: string, scope: 'worktree' | 'common'): Promise<string | null> {
    return files.readGitFile(fsp, this.gitFilesDir(scope), name);
  }

  async writeGitFile(name: string, content: string, scope: 'worktree' | 'common'): Promise<void> {
    await this.sweep(scope);
    return files.writeGitFile(fsp, this.gitFilesDir(scope), name, content);
  }

  appendGitFile(name: string, content: string, scope: 'worktree' | 'common'): Promise<void> {
    return files.appendGitFile(fsp, this.gitFilesDir(scope), name, content);
  }

  async createGitFileExclusive(name: string, content: string, scope: 'worktree' | 'common'): Promise<boolean> {
    await this.sweep(scope);
    return files.createGitFileExclusive(fsp, this.gitFilesDir(scope), name, content);
  }

  deleteGitFile(name: string, scope: 'worktree' | 'common'): Promise<void> {
    return files.deleteGitFile(fsp, this.gitFilesDir(scope), name);
  }

  private gitFilesDir(scope: 'worktree' | 'common'): string {
    return scope === 'worktree' ? this.info.gitDir : this.info.commonDir;
  }

  /** The first write there in this process removes what a killed run left (leftovers.ts; one directory read). */
  private sweep(scope: 'worktree' | 'common'): Promise<unknown> {
    return removeLeftovers(join(this.gitFilesDir(scope), files.GIT_FILES_DIR));
  }

  async close(): Promise<void> {
    this.ctx.batch.close();
    this.ctx.check.close();
  }

  rest(): boolean {
    if (this.ctx.batch.busy || this.ctx.check.busy) return false;
    this.ctx.batch.close();
    this.ctx.check.close();
    return true;
  }
}

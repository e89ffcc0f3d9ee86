/**
 * The embedded `Repo`: isomorphic-git over any node-fs-like object (memfs in
 * unit tests, library users without a git binary). What isomorphic-git cannot
 * do (linked worktrees, SHA-256, reftable, index v4) is refused on opening
 * (SPEC §1). Commits are serialized here, byte for byte from the values given:
 * isomorphic-git's commit paths read the clock, rewrite the message's newlines
 * and count time zones with the opposite sign.
 */
import { posix } from 'node:path';
import git, { type FsClient } from 'isomorphic-git';
import { FatalError, OperationError, UnsupportedError } from '../errors.js';
import { renderCommit } from './object-write.js';
import * as worktree from './iso-worktree.js';
import type {
  CappedBlob, CommitInfo, Lease, NewCommit, ObjectId, Person, PushOutcome, RefRecord, Repo, RepoInfo, StatusEntry, TreeEntry,
  WalkOptions, WorktreeStatus,
} from './repo.js';

const { dirname, isAbsolute, join } = posix;
const encoder = new TextEncoder();
const decoder = new TextDecoder();
const OID = /^[0-9a-f]{40}$/;
/** Our own files inside the git dir live under this directory (as in cli-repo.ts). */
const GIT_FILES_DIR = 'checkpoint';
/** What git's check-ref-format refuses, for names under refs/. */
const BAD_REF = /(^|\/)\.|\.\.|[\x00-\x20~^:?*[\\\x7f]|\.lock(\/|$)|\/\/|\/$|@\{|\.$/;

/** The subset of `fs.promises` this file uses (node:fs and memfs both provide it). */
interface FsPromises {
  readFile(path: string): Promise<Uint8Array>;
  readFile(path: string, encoding: 'utf8'): Promise<string>;
  writeFile(path: string, data: string | Uint8Array, opts?: { flag?: string }): Promise<void>;
  mkdir(path: string, opts: { recursive: true }): Promise<unknown>;
  rename(from: string, to: string): Promise<void>;
  unlink(path: string): Promise<void>;
  readdir(path: string): Promise<string[]>;
  lstat(path: string): Promise<{ isFile(): boolean; isDirectory(): boolean; isSymbolicLink(): boolean }>;
  readlink(path: string): Promise<string>;
}

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
  const found = opts.gitdir ? { dir: opts.dir, gitdir: opts.gitdir } : await locateRepo(fsp, opts.dir);
  if (!(await exists(fsp, join(found.gitdir, 'HEAD')))) throw notARepository();
  const repo = new IsoRepo(opts.fs, fsp, found.dir, found.gitdir);
  await repo.refuseUnsupported();
  return repo;
}

async function locateRepo(fsp: FsPromises, start: string): Promise<{ dir: string; gitdir: string }> {
  for (let dir = start; ; dir = dirname(dir)) {
    const st = await fsp.lstat(join(dir, '.git')).catch(() => null);
    if (st?.isDirectory()) return { dir, gitdir: join(dir, '.git') };
    if (st?.isFile()) return { dir, gitdir: await followGitFile(fsp, dir) };
    if (dirname(dir) === dir) throw notARepository();
  }
}

/** A `.git` file: a submodule works; a linked worktree does not (isomorphic-git ignores `commondir`). */
async function followGitFile(fsp: FsPromises, dir: string): Promise<string> {
  const target = /^gitdir: (.+)$/m.exec(await fsp.readFile(join(dir, '.git'), 'utf8'))?.[1]?.trim();
  if (!target) throw notARepository();
  const gitdir = isAbsolute(target) ? target : join(dir, target);
  if (await exists(fsp, join(gitdir, 'commondir'))) {
    throw new UnsupportedError(`linked worktrees are not supported by the isomorphic-git backend: ${dir}`, {
      hint: 'use the git CLI backend, or run from the main working tree',
      data: { dir, gitdir },
    });
  }
  return gitdir;
}

/** Transfer needs the git binary: isomorphic-git has no ssh, and we keep one transport path. */
function transportUnsupported(what: string, remote: string): UnsupportedError {
  return new UnsupportedError(`cannot ${what} '${remote}' with the isomorphic-git backend`, {
    hint: 'install git (>= 2.31) and run git checkpoint with it',
    data: { remote },
  });
}

/** Promise-chain locks: one per git dir and ref, shared by every IsoRepo in this process. */
const refLocks = new Map<string, Promise<unknown>>();

function withLock<T>(key: string, fn: () => Promise<T>): Promise<T> {
  const run = (refLocks.get(key) ?? Promise.resolve()).then(fn);
  const tail = run.then(() => undefined, () => undefined);
  refLocks.set(key, tail);
  void tail.then(() => refLocks.get(key) === tail && refLocks.delete(key));
  return run;
}

class IsoRepo implements Repo {
  readonly backend = 'isomorphic-git' as const;
  readonly info: RepoInfo;
  private readonly cache = {};
  private tmpSeq = 0;

  constructor(
    private readonly fs: FsClient,
    private readonly fsp: FsPromises,
    private readonly dir: string,
    private readonly gitdir: string,
  ) {
    // No linked worktrees here, so the per-worktree and the common git dir are one.
    this.info = { gitDir: gitdir, commonDir: gitdir, workTree: dir, objectFormat: 'sha1' };
  }

  private get base() {
    return { fs: this.fs, gitdir: this.gitdir, cache: this.cache };
  }

  async refuseUnsupported(): Promise<void> {
    const format = await this.getConfig('extensions.objectFormat');
    if (format && format.toLowerCase() !== 'sha1') throw unsupported(`${format} object format`);
    const refStorage = await this.getConfig('extensions.refStorage');
    if (refStorage && refStorage.toLowerCase() !== 'files') throw unsupported(`${refStorage} ref storage`);
    const index = await this.fsp.readFile(join(this.gitdir, 'index')).catch(nullWhenMissing);
    // Bytes 4..8 of the index hold its version; isomorphic-git reads versions 2 and 3 only.
    const version = index && index.length >= 8 ? new DataView(index.buffer, index.byteOffset).getUint32(4) : 2;
    if (version > 3) throw unsupported(`index version ${version}`);
  }

  // ── objects ──

  async readBlob(oid: ObjectId): Promise<Uint8Array | null> {
    return (await this.readRaw(oid, 'blob'))?.object ?? null;
  }

  async readBlobAt(commit: ObjectId, path: string): Promise<Uint8Array | null> {
    try {
      return (await git.readBlob({ ...this.base, oid: commit, filepath: path })).blob;
    } catch (err) {
      return nullOnIsoError(err, 'NotFoundError', 'ObjectTypeError', 'InvalidFilepathError');
    }
  }

  /** isomorphic-git has no way to learn a size without inflating the object: it is read, then dropped if too large. */
  async readBlobAtCapped(commit: ObjectId, path: string, maxBytes: number): Promise<CappedBlob | null> {
    const data = await this.readBlobAt(commit, path);
    if (!data) return null;
    return data.byteLength > maxBytes ? { size: data.byteLength, data: null } : { size: data.byteLength, data };
  }

  async readTree(oid: ObjectId): Promise<TreeEntry[] | null> {
    if (!OID.test(oid)) return null;
    const res = await git
      .readObject({ ...this.base, oid, format: 'parsed' })
      .catch((err: unknown) => nullOnIsoError(err, 'NotFoundError'));
    if (res?.type !== 'tree') return null;
    const parsed = res.object as { mode: string; path: string; oid: string; type: string }[];
    const entries = parsed.map((e) => ({ mode: e.mode, type: e.type, oid: e.oid, name: e.path }) as TreeEntry);
    // isomorphic-git lists entries in readdir order; git orders trees as if their names ended in '/'.
    const key = (e: TreeEntry) => Buffer.from(e.type === 'tree' ? `${e.name}/` : e.name);
    return entries.sort((a, b) => Buffer.compare(key(a), key(b)));
  }

  async readCommit(oid: ObjectId): Promise<CommitInfo | null> {
    const raw = await this.readRaw(oid, 'commit');
    return raw ? parseCommit(oid, decoder.decode(raw.object)) : null;
  }

  async writeBlob(data: Uint8Array | string): Promise<ObjectId> {
    const blob = typeof data === 'string' ? encoder.encode(data) : data;
    return git.writeBlob({ fs: this.fs, gitdir: this.gitdir, blob });
  }

  async writeTree(entries: TreeEntry[]): Promise<ObjectId> {
    const names = new Set<string>();
    for (const e of entries) {
      if (!e.name || e.name === '.' || e.name === '..' || /[/\0]/.test(e.name) || names.has(e.name)) {
        throw new OperationError(`invalid tree entry name: ${JSON.stringify(e.name)}`);
      }
      names.add(e.name);
    }
    const tree = entries.map((e) => ({ mode: e.mode, path: e.name, oid: e.oid, type: e.type }));
    return git.writeTree({ fs: this.fs, gitdir: this.gitdir, tree });
  }

  async writeCommit(commit: NewCommit): Promise<ObjectId> {
    const object = encoder.encode(renderCommit(commit));
    return git.writeObject({ fs: this.fs, gitdir: this.gitdir, type: 'commit', object, format: 'content' });
  }

  /** Git's date-ordered walk: a queue by committer time, FIFO among equal times, so it can stop at `limit`. */
  async walkCommits(tips: ObjectId[], opts: WalkOptions = {}): Promise<CommitInfo[]> {
    const limit = opts.limit ?? Infinity;
    // Commits reachable from an excluded tip are never shown nor walked through, as with git's `^oid`.
    const seen = opts.exclude?.length ? await this.reachableFrom(opts.exclude) : new Set<ObjectId>();
    const queue: CommitInfo[] = [];
    const enqueue = async (oid: ObjectId) => {
      if (seen.has(oid)) return;
      seen.add(oid);
      const commit = await this.readCommit(oid);
      if (!commit) return;
      const time = commit.committer.timestamp;
      let at = queue.length;
      while (at > 0 && queue[at - 1]!.committer.timestamp < time) at--;
      queue.splice(at, 0, commit);
    };
    for (const tip of tips) await enqueue(tip);
    const out: CommitInfo[] = [];
    while (queue.length && out.length < limit) {
      const commit = queue.shift()!;
      out.push(commit);
      for (const parent of opts.firstParent ? commit.parents.slice(0, 1) : commit.parents) await enqueue(parent);
    }
    return out;
  }

  async countCommits(tips: ObjectId[], opts: Omit<WalkOptions, 'limit'> = {}): Promise<number> {
    return (await this.walkCommits(tips, opts)).length;
  }

  async fetchRefs(remote: string, _refspecs: string[]): Promise<{ ok: boolean; stderr: string }> {
    throw transportUnsupported('fetch', remote);
  }

  async pushRefs(remote: string, _refspecs: string[], _opts: { atomic: boolean; leases: Lease[] }): Promise<PushOutcome> {
    throw transportUnsupported('push', remote);
  }

  async isAncestor(ancestor: ObjectId, descendant: ObjectId): Promise<boolean> {
    if (!(await this.readRaw(ancestor, 'commit'))) return false;
    return (await this.reachable(descendant)).has(ancestor);
  }

  async hasObject(oid: ObjectId): Promise<boolean> {
    return (await this.readRaw(oid)) !== null;
  }

  private async reachable(tip: ObjectId): Promise<Set<ObjectId>> {
    return this.reachableFrom([tip]);
  }

  private async reachableFrom(tips: ObjectId[]): Promise<Set<ObjectId>> {
    return new Set((await this.walkCommits(tips)).map((c) => c.oid));
  }

  /** The object's bytes, or null when it is missing or not of `type`. */
  private async readRaw(oid: ObjectId, type?: string): Promise<{ type: string; object: Uint8Array } | null> {
    if (!OID.test(oid)) return null;
    try {
      const res = await git.readObject({ ...this.base, oid, format: 'content' });
      return type && res.type !== type ? null : { type: res.type, object: res.object as Uint8Array };
    } catch (err) {
      return nullOnIsoError(err, 'NotFoundError');
    }
  }

  // ── refs ──

  async readRef(name: string): Promise<ObjectId | null> {
    // resolveRef also tries refs/heads/<name> and friends; only full names are meant here.
    if (name !== 'HEAD' && !name.startsWith('refs/')) return null;
    try {
      return await git.resolveRef({ fs: this.fs, gitdir: this.gitdir, ref: name });
    } catch (err) {
      return nullOnIsoError(err, 'NotFoundError');
    }
  }

  async listRefs(prefix: string): Promise<RefRecord[]> {
    const start = prefix.slice(0, prefix.lastIndexOf('/') + 1);
    const loose = await this.listLoose(start.replace(/\/$/, ''));
    const names = new Set([...loose, ...(await this.packedRefNames())].filter((n) => n.startsWith(prefix)));
    const sorted = [...names].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    const records = await Promise.all(sorted.map(async (name) => ({ name, oid: await this.readRef(name) })));
    return records.filter((r): r is RefRecord => r.oid !== null);
  }

  /**
   * Compare-and-swap under an in-process lock and git's own `<ref>.lock` file,
   * so a concurrent git process on the same repository cannot interleave either.
   * `name` must be a full ref under refs/ (not HEAD; symbolic refs are replaced, not followed).
   * The reflog is not written: isomorphic-git keeps none, so `reason` is unused.
   */
  async updateRef(name: string, next: ObjectId, expected: ObjectId | null): Promise<boolean> {
    if (!OID.test(next)) throw new OperationError(`cannot update ${name}: invalid object id ${next}`);
    return this.withRefLock(name, async (lockPath) => {
      if ((await this.readRef(name)) !== expected) return false;
      await this.fsp.writeFile(lockPath, `${next}\n`);
      await this.fsp.rename(lockPath, join(this.gitdir, name));
      return true;
    });
  }

  async deleteRef(name: string, expected: ObjectId): Promise<boolean> {
    return this.withRefLock(name, async () => {
      if ((await this.readRef(name)) !== expected) return false;
      // Removes the loose file and the packed-refs line alike.
      await git.deleteRef({ fs: this.fs, gitdir: this.gitdir, ref: name });
      return true;
    });
  }

  /** Runs `fn` holding the ref's lock file; false (a lost race) when another process holds it. */
  private withRefLock(name: string, fn: (lockPath: string) => Promise<boolean>): Promise<boolean> {
    if (!name.startsWith('refs/') || BAD_REF.test(name)) throw new OperationError(`invalid ref name: ${name}`);
    const lockPath = join(this.gitdir, `${name}.lock`);
    return withLock(`${this.gitdir}\0${name}`, async () => {
      await this.fsp.mkdir(dirname(lockPath), { recursive: true });
      try {
        await this.fsp.writeFile(lockPath, '', { flag: 'wx' });
      } catch (err) {
        if ((err as { code?: string }).code === 'EEXIST') return false;
        throw err;
      }
      try {
        return await fn(lockPath);
      } finally {
        await this.fsp.unlink(lockPath).catch(() => undefined);
      }
    });
  }

  private async listLoose(rel: string): Promise<string[]> {
    const names = await this.fsp.readdir(join(this.gitdir, rel)).catch(() => [] as string[]);
    const out: string[] = [];
    for (const name of names.map(String)) {
      const path = `${rel}/${name}`;
      // A ref deleted while we list is simply not listed.
      const st = await this.fsp.lstat(join(this.gitdir, path)).catch(() => null);
      if (!st) continue;
      if (st.isDirectory()) out.push(...(await this.listLoose(path)));
      else if (!name.endsWith('.lock')) out.push(path);
    }
    return out;
  }

  private async packedRefNames(): Promise<string[]> {
    const text = await this.fsp.readFile(join(this.gitdir, 'packed-refs'), 'utf8').catch(nullWhenMissing);
    const lines = (text ?? '').split('\n').filter((l) => l && !l.startsWith('#') && !l.startsWith('^'));
    return lines.map((l) => l.slice(l.indexOf(' ') + 1).trim());
  }

  // ── config ──

  async getConfig(key: string): Promise<string | null> {
    return stringOrNull(await git.getConfig({ fs: this.fs, gitdir: this.gitdir, path: key }));
  }

  async getConfigAll(key: string): Promise<string[]> {
    const values = await git.getConfigAll({ fs: this.fs, gitdir: this.gitdir, path: key });
    return values.map((v) => String(v));
  }

  async setConfig(key: string, value: string): Promise<void> {
    await git.setConfig({ fs: this.fs, gitdir: this.gitdir, path: key, value });
  }

  /** Nothing to drop: isomorphic-git reads the config file on every call. */
  reloadConfig(): void {}

  // ── working tree ──

  async status(): Promise<WorktreeStatus> {
    const branch = await this.headBranch();
    const head = await this.readRef('HEAD');
    const upstream = branch ? await this.upstreamOf(branch) : null;
    const upOid = upstream ? await this.readRef(upstream.ref) : null;
    const counts = head && upOid ? await this.aheadBehind(head, upOid) : { ahead: 0, behind: 0 };
    const entries = await this.statusEntries();
    return { branch, head, upstream: upstream?.name ?? null, ...counts, entries };
  }

  async hashWorktreeFiles(paths: string[]): Promise<(ObjectId | null)[]> {
    return Promise.all(paths.map((path) => this.hashWorktreeFile(join(this.dir, path))));
  }

  async headBranch(): Promise<string | null> {
    const ref = await git.currentBranch({ fs: this.fs, gitdir: this.gitdir, fullname: true });
    return ref && ref.startsWith('refs/heads/') ? ref.slice('refs/heads/'.length) : null;
  }

  async recentCommits(n: number): Promise<{ oid: ObjectId; subject: string }[]> {
    const head = await this.readRef('HEAD');
    if (!head || n <= 0) return [];
    const commits = await this.walkCommits([head], { limit: n, firstParent: true });
    return commits.map((c) => ({ oid: c.oid, subject: subjectOf(c.message) }));
  }

  /** Like git: the merge ref mapped through the remote's fetch refspecs; none when no refspec maps it. */
  private async upstreamOf(branch: string): Promise<{ name: string; ref: string } | null> {
    const remote = await this.getConfig(`branch.${branch}.remote`);
    const merge = await this.getConfig(`branch.${branch}.merge`);
    if (!remote || !merge) return null;
    if (remote === '.') return { name: shortRefName(merge), ref: merge };
    for (const refspec of await this.getConfigAll(`remote.${remote}.fetch`)) {
      const ref = mapRefspec(refspec, merge);
      if (ref) return { name: shortRefName(ref), ref };
    }
    return null;
  }

  private async aheadBehind(head: ObjectId, upstream: ObjectId): Promise<{ ahead: number; behind: number }> {
    const [mine, theirs] = await Promise.all([this.reachable(head), this.reachable(upstream)]);
    const ahead = [...mine].filter((oid) => !theirs.has(oid)).length;
    const behind = [...theirs].filter((oid) => !mine.has(oid)).length;
    return { ahead, behind };
  }

  private async statusEntries(): Promise<StatusEntry[]> {
    const matrix = await git.statusMatrix({ fs: this.fs, dir: this.dir, gitdir: this.gitdir, cache: {} });
    const entries = matrix.flatMap(([path, head, workdir, stage]) =>
      porcelainCodes(head, workdir, stage).map((xy) => ({ path, xy })),
    );
    // Stable sort: a path both deleted from the index and untracked keeps 'D.' before '??', as git prints them.
    return entries.sort((a, b) => Buffer.compare(Buffer.from(a.path), Buffer.from(b.path)));
  }

  private async hashWorktreeFile(path: string): Promise<ObjectId | null> {
    try {
      const st = await this.fsp.lstat(path);
      // A symlink's blob is its target, as git stores it.
      if (st.isSymbolicLink()) return (await git.hashBlob({ object: await this.fsp.readlink(path) })).oid;
      if (!st.isFile()) return null;
      return (await git.hashBlob({ object: await this.fsp.readFile(path) })).oid;
    } catch (err) {
      return nullWhenMissing(err);
    }
  }

  async readWorktreeFile(path: string, maxBytes: number): Promise<{ size: number; data: Uint8Array | null } | null> {
    return worktree.readWorktreeFile(this.wfs, this.dir, path, maxBytes);
  }

  async snapshotWorktree(changed: string[], keep: string[]): Promise<ObjectId> {
    return worktree.snapshotWorktree(this, this.wfs, this.dir, changed, keep);
  }

  async restoreWorktreeFiles(tree: ObjectId, write: string[], remove: string[]): Promise<void> {
    await worktree.restoreWorktreeFiles(this, this.wfs, this.dir, tree, write, remove);
  }

  async diffTreeToWorktree(): Promise<string> {
    throw new UnsupportedError('the isomorphic-git backend cannot show diffs', { hint: 'use the git CLI backend' });
  }

  private get wfs(): worktree.WorktreeFs {
    return this.fsp as unknown as worktree.WorktreeFs;
  }

  // ── git-dir files ──

  async readGitFile(name: string): Promise<string | null> {
    return this.fsp.readFile(this.gitFilePath(name), 'utf8').catch(nullWhenMissing);
  }

  /** Atomic: written to a temporary file, then renamed over the old one. */
  async writeGitFile(name: string, content: string): Promise<void> {
    const path = this.gitFilePath(name);
    await this.fsp.mkdir(dirname(path), { recursive: true });
    const tmp = `${path}.${++this.tmpSeq}.tmp`;
    await this.fsp.writeFile(tmp, content);
    await this.fsp.rename(tmp, path);
  }

  async createGitFileExclusive(name: string, content: string): Promise<boolean> {
    const path = this.gitFilePath(name);
    await this.fsp.mkdir(dirname(path), { recursive: true });
    try {
      await this.fsp.writeFile(path, content, { flag: 'wx' });
      return true;
    } catch (err) {
      if ((err as { code?: string }).code === 'EEXIST') return false;
      throw err;
    }
  }

  async deleteGitFile(name: string): Promise<void> {
    await this.fsp.unlink(this.gitFilePath(name)).catch(nullWhenMissing);
  }

  /** `<gitdir>/checkpoint/<name>`, the same place as the CLI backend, so both see one state. */
  private gitFilePath(name: string): string {
    if (!name || isAbsolute(name) || name.split('/').some((p) => p === '' || p === '.' || p === '..')) {
      throw new OperationError(`invalid git-dir file name: ${name}`);
    }
    return join(this.gitdir, GIT_FILES_DIR, name);
  }

  async close(): Promise<void> {}
}

/**
 * Porcelain-v2 XY codes from one statusMatrix row (HEAD 0/1; workdir 0 absent,
 * 1 same as HEAD, 2 differs; stage 0 absent, 1 same as HEAD, 2 same as workdir,
 * 3 differs from both). A path removed from the index but still on disk is
 * both 'D.' and '??', as in git.
 */
export function porcelainCodes(head: number, workdir: number, stage: number): string[] {
  if (head === 0) {
    if (stage === 0) return workdir === 0 ? [] : ['??'];
    return [stage === 2 ? 'A.' : workdir === 0 ? 'AD' : 'AM'];
  }
  if (stage === 0) return workdir === 0 ? ['D.'] : ['D.', '??'];
  const x = stage === 1 ? '.' : 'M';
  const y = workdir === 0 ? 'D' : stage === 2 || (stage === 1 && workdir === 1) ? '.' : 'M';
  return x === '.' && y === '.' ? [] : [x + y];
}

/** Where a fetch refspec (`+refs/heads/*:refs/remotes/origin/*`) puts `ref`; null when it does not match. */
function mapRefspec(refspec: string, ref: string): string | null {
  if (refspec.startsWith('^')) return null;
  const [src = '', dst = ''] = refspec.replace(/^\+/, '').split(':');
  if (!dst) return null;
  if (!src.includes('*')) return src === ref ? dst : null;
  const [pre = '', post = ''] = src.split('*');
  if (!ref.startsWith(pre) || !ref.endsWith(post) || ref.length < pre.length + post.length) return null;
  return dst.replace('*', ref.slice(pre.length, ref.length - post.length));
}

/** Git's short form: refs/heads/x → x, refs/remotes/origin/x → origin/x. */
function shortRefName(ref: string): string {
  return ref.replace(/^refs\/(heads|remotes|tags)\//, '').replace(/^refs\//, '');
}

/** Git's `%s`: the first paragraph (after any blank lines), its lines joined with spaces. */
function subjectOf(message: string): string {
  const lines = message.split('\n').map((line) => line.trimEnd());
  const start = lines.findIndex((line) => line.trim() !== '');
  if (start < 0) return '';
  const end = lines.findIndex((line, i) => i > start && line.trim() === '');
  return lines.slice(start, end < 0 ? undefined : end).join(' ');
}

/** Reads the headers git itself interprets; extra headers (gpgsig, encoding) are skipped. */
function parseCommit(oid: ObjectId, text: string): CommitInfo {
  const split = text.indexOf('\n\n');
  const commit: CommitInfo = { oid, tree: '', parents: [], author: NOBODY, committer: NOBODY, message: '' };
  commit.message = split < 0 ? '' : text.slice(split + 2);
  for (const line of (split < 0 ? text : text.slice(0, split)).split('\n')) {
    const space = line.indexOf(' ');
    const [key, value] = [line.slice(0, space), line.slice(space + 1)];
    if (key === 'tree') commit.tree = value;
    else if (key === 'parent') commit.parents.push(value);
    else if (key === 'author' && commit.author === NOBODY) commit.author = parsePerson(value);
    else if (key === 'committer' && commit.committer === NOBODY) commit.committer = parsePerson(value);
  }
  return commit;
}

const NOBODY: Person = { name: '', email: '', timestamp: 0, tzOffsetMinutes: 0 };

function parsePerson(value: string): Person {
  const m = /^(.*?) ?<([^>]*)> (\d+) ([+-])(\d\d)(\d\d)$/.exec(value);
  if (!m) return { ...NOBODY, name: value };
  const minutes = Number(m[5]) * 60 + Number(m[6]);
  return { name: m[1]!, email: m[2]!, timestamp: Number(m[3]), tzOffsetMinutes: m[4] === '-' ? -minutes : minutes };
}

function unsupported(what: string): UnsupportedError {
  return new UnsupportedError(`the isomorphic-git backend cannot read this repository: ${what}`, {
    hint: 'use the git CLI backend',
  });
}

function notARepository(): FatalError {
  return new FatalError('not a git repository (or any of the parent directories): .git');
}

async function exists(fsp: FsPromises, path: string): Promise<boolean> {
  return (await fsp.lstat(path).catch(() => null)) !== null;
}

function nullOnIsoError(err: unknown, ...codes: string[]): null {
  if (codes.includes((err as { code?: string } | null)?.code ?? '')) return null;
  throw err;
}

function nullWhenMissing(err: unknown): null {
  const code = (err as { code?: string } | null)?.code;
  if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return null;
  throw err;
}

function stringOrNull(value: unknown): string | null {
  return value === undefined || value === null ? null : String(value);
}

/**
 * The production `Repo`: the git binary, batched — one `cat-file --batch` for
 * reads, one `log` for a whole walk — so it works wherever git works (linked
 * worktrees, SHA-256, reftable, index v4, fsmonitor).
 */
import { lstat, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { FatalError } from '../errors.js';
import { CatFileBatch } from './cat-file-batch.js';
import { readConfigMap } from './config-map.js';
import { formatGitDate, parseCommit, parseTree } from './object-parse.js';
import { renderCommit, renderTree } from './object-write.js';
import { writeLooseObject } from './loose-objects.js';
import { parsePorcelainV2 } from './porcelain.js';
import * as worktree from './cli-worktree.js';
import { fetchRefs, pushRefs } from './cli-transport.js';
import type { CappedBlob, CommitInfo, Lease, NewCommit, PushOutcome, Repo, RepoInfo, TreeEntry, WalkOptions, WorktreeStatus } from './repo.js';
import { gitOk, runGit, splitNul, type RunOptions } from './run-git.js';

const MIN_GIT = [2, 31];
/**
 * A walk's whole output (ids, people, messages) may not pass this: 10,000
 * checkpoints take about 5 MiB, so only a hostile chain (a commit with a
 * giant message) reaches it, and the walk fails instead of eating memory.
 */
const WALK_OUTPUT_LIMIT = 64 * 1024 * 1024;

/** Opens the repository containing `dir` with the git binary; FatalError when there is none. */
export async function openCliRepo(dir: string, env: Record<string, string | undefined>): Promise<Repo> {
  const opts: RunOptions = { cwd: dir, env };
  const st = await stat(dir).catch(() => null);
  if (!st?.isDirectory()) throw new FatalError(`cannot change to '${dir}': No such file or directory`);
  // Config is read by nearly every command: fetch it alongside the probe, not after it.
  const config = readConfigMap(opts);
  config.catch(() => {});
  const [probe] = await Promise.all([
    runGit(['rev-parse', '--path-format=absolute', '--git-dir', '--git-common-dir', '--is-bare-repository',
      '--is-inside-work-tree', '--show-object-format', '--git-path', 'objects', '--show-cdup'], opts),
  ]);
  if (probe.code !== 0) {
    // Only now is git's version worth a subprocess: old gits fail the probe itself (--path-format is 2.31).
    checkVersion((await runGit(['version'], opts)).stdout.toString('utf8'));
    const msg = probe.stderr.trim().split('\n').pop()?.replace(/^fatal: /, '') ?? 'not a git repository';
    throw new FatalError(msg);
  }
  const lines = probe.stdout.toString('utf8').split('\n');
  const inside = lines[3] === 'true';
  const info: RepoInfo = {
    gitDir: lines[0] ?? '',
    commonDir: lines[1] ?? '',
    workTree: inside ? resolve(dir, lines[6] ?? '') : null,
    objectFormat: lines[4] === 'sha256' ? 'sha256' : 'sha1',
  };
  return new CliRepo(info, env, lines[5] ?? join(info.commonDir, 'objects'), config);
}

function checkVersion(text: string): void {
  const m = /git version (\d+)\.(\d+)/.exec(text);
  if (!m) return;
  const [major, minor] = [Number(m[1]), Number(m[2])];
  if (major < (MIN_GIT[0] ?? 0) || (major === MIN_GIT[0] && minor < (MIN_GIT[1] ?? 0))) {
    throw new FatalError(`git ${major}.${minor} is too old: git-checkpoint needs git >= ${MIN_GIT.join('.')}`);
  }
}

class CliRepo implements Repo {
  readonly backend = 'cli' as const;
  private readonly batch: CatFileBatch;
  private readonly check: CatFileBatch;
  private readonly opts: RunOptions;
  constructor(
    readonly info: RepoInfo,
    env: Record<string, string | undefined>,
    private readonly objectsDir: string,
    private config: Promise<Map<string, string[]>> | null = null,
  ) {
    // Our status and reads must never take the index lock from under the user.
    const quiet = { ...env, GIT_OPTIONAL_LOCKS: '0' };
    this.opts = { cwd: info.workTree ?? info.gitDir, env: quiet };
    this.batch = new CatFileBatch(this.opts.cwd, quiet);
    this.check = new CatFileBatch(this.opts.cwd, quiet, 'check');
  }

  private get zeroOid(): string {
    return '0'.repeat(this.info.objectFormat === 'sha256' ? 64 : 40);
  }

  async readBlob(oid: string): Promise<Uint8Array | null> {
    const obj = await this.batch.read(oid);
    return obj?.type === 'blob' ? obj.data : null;
  }

  async readBlobAt(commit: string, path: string): Promise<Uint8Array | null> {
    const obj = await this.batch.read(`${commit}:${path}`);
    return obj?.type === 'blob' ? obj.data : null;
  }

  async readBlobAtCapped(commit: string, path: string, maxBytes: number): Promise<CappedBlob | null> {
    const info = await this.check.read(`${commit}:${path}`);
    if (info?.type !== 'blob') return null;
    if (info.size > maxBytes) return { size: info.size, data: null };
    const data = await this.readBlobAt(commit, path);
    return data ? { size: data.byteLength, data } : null;
  }

  async readTree(oid: string): Promise<TreeEntry[] | null> {
    const obj = await this.batch.read(oid);
    if (obj?.type !== 'tree') return null;
    return parseTree(obj.data, this.info.objectFormat === 'sha256' ? 32 : 20);
  }

  async readCommit(oid: string): Promise<CommitInfo | null> {
    const obj = await this.batch.read(oid);
    return obj?.type === 'commit' ? parseCommit(oid, obj.data) : null;
  }

  async writeBlob(data: Uint8Array | string): Promise<string> {
    if (await this.writesDirectly()) {
      return writeLooseObject(this.objectsDir, 'blob', typeof data === 'string' ? Buffer.from(data) : data, this.info.objectFormat);
    }
    const out = await gitOk(['hash-object', '-w', '-t', 'blob', '--stdin'], { ...this.opts, input: data });
    return out.toString('utf8').trim();
  }

  async writeTree(entries: TreeEntry[]): Promise<string> {
    if (await this.writesDirectly()) return writeLooseObject(this.objectsDir, 'tree', renderTree(entries), this.info.objectFormat);
    const input = entries.map((e) => `${e.mode} ${e.type} ${e.oid}\t${e.name}\0`).join('');
    const out = await gitOk(['mktree', '-z'], { ...this.opts, input });
    return out.toString('utf8').trim();
  }

  async writeCommit(c: NewCommit): Promise<string> {
    if (await this.writesDirectly()) {
      return writeLooseObject(this.objectsDir, 'commit', Buffer.from(renderCommit(c)), this.info.objectFormat);
    }
    const args = ['commit-tree', '--no-gpg-sign', c.tree, ...c.parents.flatMap((p) => ['-p', p]), '-F', '-'];
    const extraEnv = {
      GIT_AUTHOR_NAME: c.author.name, GIT_AUTHOR_EMAIL: c.author.email, GIT_AUTHOR_DATE: formatGitDate(c.author),
      GIT_COMMITTER_NAME: c.committer.name, GIT_COMMITTER_EMAIL: c.committer.email,
      GIT_COMMITTER_DATE: formatGitDate(c.committer),
    };
    const out = await gitOk(args, { ...this.opts, input: c.message, extraEnv });
    return out.toString('utf8').trim();
  }

  /**
   * Objects are written in-process unless the repository is shared between
   * users (core.sharedRepository: git then sets group permissions we leave to git).
   */
  private async writesDirectly(): Promise<boolean> {
    const shared = (await this.getConfig('core.sharedRepository'))?.toLowerCase();
    return !shared || shared === 'false' || shared === 'umask' || shared === '0';
  }

  async walkCommits(tips: string[], opts: WalkOptions = {}): Promise<CommitInfo[]> {
    if (!tips.length) return [];
    const format = '%H%x01%T%x01%P%x01%an%x01%ae%x01%ad%x01%cn%x01%ce%x01%cd%x01%B';
    const args = ['log', '-z', '--date=raw', `--format=${format}`];
    if (opts.limit !== undefined) args.push(`-n${opts.limit}`);
    if (opts.firstParent) args.push('--first-parent');
    args.push('--stdin');
    const revs = [...tips, ...(opts.exclude ?? []).map((oid) => `^${oid}`)];
    const out = await gitOk(args, { ...this.opts, input: `${revs.join('\n')}\n`, maxStdout: WALK_OUTPUT_LIMIT });
    return splitNul(out).map(parseLogRecord);
  }

  async countCommits(tips: string[], opts: Omit<WalkOptions, 'limit'> = {}): Promise<number> {
    if (!tips.length) return 0;
    const args = ['rev-list', '--count', ...(opts.firstParent ? ['--first-parent'] : []), '--stdin'];
    const revs = [...tips, ...(opts.exclude ?? []).map((oid) => `^${oid}`)];
    const out = await gitOk(args, { ...this.opts, input: `${revs.join('\n')}\n` });
    return Number(out.toString('utf8').trim());
  }

  fetchRefs(remote: string, refspecs: string[]): Promise<{ ok: boolean; stderr: string }> {
    return fetchRefs(this.opts, remote, refspecs);
  }

  pushRefs(remote: string, refspecs: string[], opts: { atomic: boolean; leases: Lease[] }): Promise<PushOutcome> {
    return pushRefs(this.opts, remote, refspecs, opts);
  }

  async isAncestor(ancestor: string, descendant: string): Promise<boolean> {
    const res = await runGit(['merge-base', '--is-ancestor', ancestor, descendant], this.opts);
    return res.code === 0;
  }

  async hasObject(oid: string): Promise<boolean> {
    const res = await runGit(['cat-file', '-e', oid], this.opts);
    return res.code === 0;
  }

  async readRef(name: string): Promise<string | null> {
    // Full ref names resolve through the running cat-file (no subprocess); it re-reads refs on every request.
    if (/^refs\/[^\s:^~]+$/.test(name)) {
      const obj = await this.batch.read(name);
      return obj ? obj.oid : null;
    }
    const res = await runGit(['rev-parse', '--verify', '--quiet', '--end-of-options', name], this.opts);
    return res.code === 0 ? res.stdout.toString('utf8').trim() : null;
  }

  async listRefs(prefix: string): Promise<{ name: string; oid: string }[]> {
    const out = await gitOk(['for-each-ref', '--format=%(objectname) %(refname)', prefix], this.opts);
    return out
      .toString('utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => ({ oid: line.slice(0, line.indexOf(' ')), name: line.slice(line.indexOf(' ') + 1) }));
  }

  async updateRef(name: string, next: string, expected: string | null, reason: string): Promise<boolean> {
    const res = await runGit(['update-ref', '-m', reason, name, next, expected ?? this.zeroOid], {
      ...this.opts, extraEnv: { LC_ALL: 'C' },
    });
    if (res.code === 0) return true;
    if (isLostRace(res.stderr)) return false;
    throw new FatalError(`cannot update ${name}: ${res.stderr.trim().split('\n').pop() ?? ''}`);
  }

  async deleteRef(name: string, expected: string): Promise<boolean> {
    const res = await runGit(['update-ref', '-d', name, expected], { ...this.opts, extraEnv: { LC_ALL: 'C' } });
    return res.code === 0;
  }

  async getConfig(key: string): Promise<string | null> {
    return (await this.configMap()).get(normalizeKey(key))?.at(-1) ?? null;
  }

  async getConfigAll(key: string): Promise<string[]> {
    return (await this.configMap()).get(normalizeKey(key)) ?? [];
  }

  async setConfig(key: string, value: string): Promise<void> {
    await gitOk(['config', '--local', key, value], this.opts);
    this.config = null;
  }

  async status(): Promise<WorktreeStatus> {
    const out = await gitOk(['status', '--porcelain=v2', '-z', '--branch', '--untracked-files=all'], this.opts);
    return parsePorcelainV2(out);
  }

  async hashWorktreeFiles(paths: string[]): Promise<(string | null)[]> {
    if (!paths.length) return [];
    const { existing, result } = await this.splitExisting(paths);
    const simple = existing.filter((i) => !paths[i]!.includes('\n'));
    if (simple.length) {
      const res = await runGit(['hash-object', '--stdin-paths'], {
        ...this.opts, input: simple.map((i) => paths[i]).join('\n') + '\n',
      });
      const oids = res.code === 0 ? res.stdout.toString('utf8').split('\n') : [];
      if (res.code === 0) simple.forEach((i, k) => (result[i] = oids[k] ?? null));
      else await this.hashOneByOne(paths, simple, result);
    }
    await this.hashOneByOne(paths, existing.filter((i) => paths[i]!.includes('\n')), result);
    return result;
  }

  async headBranch(): Promise<string | null> {
    const res = await runGit(['symbolic-ref', '--quiet', 'HEAD'], this.opts);
    const ref = res.stdout.toString('utf8').trim();
    return res.code === 0 && ref.startsWith('refs/heads/') ? ref.slice('refs/heads/'.length) : null;
  }

  async recentCommits(n: number): Promise<{ oid: string; subject: string }[]> {
    const res = await runGit(['log', `-n${n}`, '--first-parent', '-z', '--format=%H%x01%s', 'HEAD', '--'], this.opts);
    if (res.code !== 0) {
      if (/does not have any commits|unknown revision|bad default revision|bad revision 'HEAD'/.test(res.stderr)) return [];
      throw new FatalError(`git log failed: ${res.stderr.trim()}`);
    }
    return splitNul(res.stdout).map((rec) => {
      const [oid = '', subject = ''] = rec.split('\x01');
      return { oid, subject };
    });
  }

  async readWorktreeFile(path: string, maxBytes: number): Promise<{ size: number; data: Uint8Array | null } | null> {
    return worktree.readWorktreeFile(this.opts.cwd, path, maxBytes);
  }

  async snapshotWorktree(changed: string[], keep: string[]): Promise<string> {
    return worktree.snapshotWorktree(this.opts, this.info.gitDir, changed, keep);
  }

  async restoreWorktreeFiles(tree: string, write: string[], remove: string[]): Promise<void> {
    await worktree.restoreWorktreeFiles(this.opts, this.info.gitDir, tree, write, remove);
  }

  async diffTreeToWorktree(tree: string, exclude: string[]): Promise<string> {
    return worktree.diffTreeToWorktree(this.opts, this.info.gitDir, tree, exclude);
  }

  async readGitFile(name: string, scope: 'worktree' | 'common'): Promise<string | null> {
    try {
      return await readFile(this.gitFilePath(name, scope), 'utf8');
    } catch {
      return null;
    }
  }

  async writeGitFile(name: string, content: string, scope: 'worktree' | 'common'): Promise<void> {
    const path = this.gitFilePath(name, scope);
    await mkdir(dirname(path), { recursive: true });
    const tmp = `${path}.${process.pid}.tmp`;
    await writeFile(tmp, content);
    await rename(tmp, path);
  }

  async createGitFileExclusive(name: string, content: string, scope: 'worktree' | 'common'): Promise<boolean> {
    const path = this.gitFilePath(name, scope);
    await mkdir(dirname(path), { recursive: true });
    try {
      await writeFile(path, content, { flag: 'wx' });
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw err;
    }
  }

  async deleteGitFile(name: string, scope: 'worktree' | 'common'): Promise<void> {
    await rm(this.gitFilePath(name, scope), { force: true });
  }

  reloadConfig(): void {
    this.config = null;
  }

  async close(): Promise<void> {
    this.batch.close();
    this.check.close();
  }

  private gitFilePath(name: string, scope: 'worktree' | 'common'): string {
    return join(scope === 'worktree' ? this.info.gitDir : this.info.commonDir, 'checkpoint', name);
  }

  private configMap(): Promise<Map<string, string[]>> {
    this.config ??= readConfigMap(this.opts);
    return this.config;
  }

  private async splitExisting(paths: string[]): Promise<{ existing: number[]; result: (string | null)[] }> {
    const result: (string | null)[] = paths.map(() => null);
    const existing: number[] = [];
    await Promise.all(
      paths.map(async (p, i) => {
        const st = await lstat(join(this.opts.cwd, p)).catch(() => null);
        if (st && (st.isFile() || st.isSymbolicLink())) existing.push(i);
      }),
    );
    existing.sort((a, b) => a - b);
    return { existing, result };
  }

  private async hashOneByOne(paths: string[], which: number[], result: (string | null)[]): Promise<void> {
    for (const i of which) {
      const res = await runGit(['hash-object', '--', paths[i]!], this.opts);
      result[i] = res.code === 0 ? res.stdout.toString('utf8').trim() : null;
    }
  }
}

function isLostRace(stderr: string): boolean {
  return /cannot lock ref|is at .* but expected|reference already exists|unable to create .*\.lock|File exists/i.test(stderr);
}

function normalizeKey(key: string): string {
  const first = key.indexOf('.');
  const last = key.lastIndexOf('.');
  if (first < 0) return key.toLowerCase();
  return `${key.slice(0, first).toLowerCase()}${key.slice(first, last)}${key.slice(last).toLowerCase()}`;
}

function parseLogRecord(rec: string): CommitInfo {
  const [oid = '', tree = '', parents = '', an = '', ae = '', ad = '', cn = '', ce = '', cd = '', ...msg] = rec.split('\x01');
  const person = (name: string, email: string, raw: string) => {
    const [ts = '0', tz = '+0000'] = raw.split(' ');
    const sign = tz.startsWith('-') ? -1 : 1;
    return { name, email, timestamp: Number(ts), tzOffsetMinutes: sign * (Number(tz.slice(1, 3)) * 60 + Number(tz.slice(3, 5))) };
  };
  return {
    oid: oid.replace(/^\n/, ''),
    tree,
    parents: parents ? parents.split(' ') : [],
    author: person(an, ae, ad),
    committer: person(cn, ce, cd),
    message: msg.join('\x01'),
  };
}

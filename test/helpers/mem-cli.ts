/**
 * Runs the real CLI (`run(argv, deps)`) against an isomorphic-git repository
 * on memfs: no disk, no git binary, a fixed clock and seeded randomness.
 */
import { withFault } from '../../src/io/fault-repo.js';
import { posix } from 'node:path';
import { run } from '../../src/cli/run.js';
import { removeFile as removeWorktreeFile, type WorktreeFs } from '../../src/git/worktree-files.js';
import { StdinTimeout, type Deps, type YargsParser } from '../../src/io/deps.js';
import { makeMemRepo, type MemRepo, type MemRepoSpec } from './iso-fixture.js';

export interface MemCli extends MemRepo {
  /** Runs one command; the clock moves on one second per call. */
  cli(args: string[], opts?: { stdin?: string; stdinOpen?: boolean; tty?: boolean; edit?: (text: string) => string; env?: Record<string, string> }): Promise<{ code: number; stdout: string; stderr: string }>;
  clock: { now: Date };
}

/** A seeded generator (mulberry32): same ids on every run of a test. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function makeMemCli(spec: MemRepoSpec = {}, seed = 1): Promise<MemCli> {
  const mem = await makeMemRepo({
    commits: [{ message: 'initial commit', files: { 'README.md': '# demo\n' } }],
    config: { 'user.name': 'Ada Lovelace', 'user.email': 'ada@example.com' },
    ...spec,
  });
  const clock = { now: new Date('2026-11-29T10:00:00Z') };
  const random = seededRandom(seed);
  const cli: MemCli['cli'] = async (args, opts = {}) => {
    let stdout = '';
    let stderr = '';
    clock.now = new Date(clock.now.getTime() + 1000);
    const deps: Deps = {
      streams: {
        out: (t) => void (stdout += t),
        err: (t) => void (stderr += t),
        isStdoutTTY: Boolean(opts.tty),
        isStdinTTY: Boolean(opts.tty),
        // stdinOpen: the writer never closes stdin; a deadline then ends the read at once (no real wait).
        readStdin: async (_max, deadlineMs) => {
          if (!opts.stdinOpen) return Buffer.from(opts.stdin ?? '');
          if (deadlineMs === undefined) throw new Error('a read without a deadline would hang');
          throw new StdinTimeout(Buffer.from(opts.stdin ?? ''), deadlineMs);
        },
      },
      env: { ...opts.env },
      cwd: mem.dir,
      now: () => clock.now,
      random,
      loadYargs: async () => (await import('../../bundles/yargs.js')).yargsParser as YargsParser,
      openRepo: async () => withFault(mem.repo, opts.env?.GIT_CHECKPOINT_FAULT),
      readFile: async (path) => Buffer.from(await mem.fs.promises.readFile(path)),
      readLines: async function* (path, maxLineBytes = Infinity) {
        const lines = String(await mem.fs.promises.readFile(path, 'utf8')).split('\n');
        yield* lines.map((l) => (Buffer.byteLength(l) > maxLineBytes ? null : l));
      },
      writeFile: async (path, data, executable) => {
        await mem.fs.promises.mkdir(posix.dirname(path), { recursive: true });
        await mem.fs.promises.writeFile(path, data, executable ? { mode: 0o755 } : {});
      },
      removeFile: async (path, within) =>
        within ? removeWorktreeFile(mem.fs.promises as unknown as WorktreeFs, within, posix.relative(within, path)) : mem.fs.promises.rm(path, { force: true }),
      pathExists: async (path) => mem.fs.promises.lstat(path).then(() => true, () => false),
      editText: async (text) => {
        if (!opts.edit) throw new Error('no editor in this test');
        return opts.edit(text);
      },
    };
    const code = await run(args, deps);
    return { code, stdout, stderr };
  };
  return { ...mem, cli, clock };
}

/**
 * A sandbox for integration tests on the real git binary: its own HOME,
 * global config (GIT_CONFIG_GLOBAL) and no system config, fixed identity,
 * and `git-checkpoint` on PATH (the built bundle) so `git checkpoint` works.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BUNDLE = fileURLToPath(new URL('../../bin/git-checkpoint.cjs', import.meta.url));

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface Sandbox {
  root: string;
  env: Record<string, string>;
  /** Runs git in `cwd`; throws on a non-zero exit. */
  git(cwd: string, ...args: string[]): string;
  /** Runs git in `cwd` with `input` on stdin; returns stdout trimmed, throws on a non-zero exit. */
  gitIn(cwd: string, args: string[], input: string | Buffer): string;
  /**
   * Runs `git checkpoint ...` in `cwd` and returns code and output. With
   * `timeoutMs`, a run that takes longer is killed (its whole process group)
   * and reported with code TIMED_OUT.
   */
  ckpt(cwd: string, args: string[], opts?: { input?: string; env?: Record<string, string>; timeoutMs?: number }): Promise<RunResult>;
  /** Makes a repository with one commit (unless `empty`) on branch main. */
  repo(name: string, opts?: { empty?: boolean }): string;
  cleanup(): void;
}

export function makeSandbox(): Sandbox {
  const root = mkdtempSync(join(tmpdir(), 'gcp-'));
  const home = join(root, 'home');
  const bin = join(root, 'bin');
  mkdirSync(home);
  mkdirSync(bin);
  symlinkSync(BUNDLE, join(bin, 'git-checkpoint'));
  const globalConfig = join(home, '.gitconfig');
  writeFileSync(globalConfig, '[user]\n\tname = Ada Lovelace\n\temail = ada@example.com\n[init]\n\tdefaultBranch = main\n');
  const env: Record<string, string> = {
    PATH: `${bin}:${process.env.PATH ?? '/usr/bin:/bin'}`,
    HOME: home,
    GIT_CONFIG_GLOBAL: globalConfig,
    GIT_CONFIG_NOSYSTEM: '1',
    LANG: 'C.UTF-8',
    TZ: 'UTC',
  };
  const git = (cwd: string, ...args: string[]) => {
    const res = spawnSync('git', args, { cwd, env, encoding: 'utf8' });
    if (res.status !== 0) throw new Error(`git ${args.join(' ')} failed (${res.status}): ${res.stderr}`);
    return res.stdout;
  };
  const gitIn = (cwd: string, args: string[], input: string | Buffer) => {
    const res = spawnSync('git', args, { cwd, env, input });
    if (res.status !== 0) throw new Error(`git ${args.join(' ')} failed (${res.status}): ${res.stderr.toString()}`);
    return res.stdout.toString('utf8').trim();
  };
  return {
    root, env, git, gitIn,
    ckpt: (cwd, args, opts = {}) => runProcess('git', ['checkpoint', ...args], cwd, { ...env, ...opts.env }, opts.input, opts.timeoutMs),
    repo: (name, opts = {}) => {
      const dir = join(root, name);
      mkdirSync(dir, { recursive: true });
      git(dir, 'init', '-q', '-b', 'main');
      if (!opts.empty) {
        writeFileSync(join(dir, 'README.md'), '# demo\n');
        git(dir, 'add', '.');
        git(dir, 'commit', '-q', '-m', 'initial commit');
      }
      return dir;
    },
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** The code of a run killed for taking longer than its timeout. */
export const TIMED_OUT = -2;

/** Runs a process to completion with the given stdin; never rejects on exit codes. */
export function runProcess(
  cmd: string, args: string[], cwd: string, env: Record<string, string>, input?: string, timeoutMs?: number,
): Promise<RunResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(cmd, args, { cwd, env, stdio: ['pipe', 'pipe', 'pipe'], detached: timeoutMs !== undefined });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const timer = timeoutMs === undefined ? null : setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, timeoutMs);
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    // A command that refuses its input may exit before reading all of it.
    child.stdin.on('error', () => {});
    child.on('close', (code) => {
      if (timer) clearTimeout(timer);
      resolvePromise(timedOut ? { code: TIMED_OUT, stdout, stderr: `${stderr}(killed after ${timeoutMs} ms)\n` } : { code: code ?? -1, stdout, stderr });
    });
    child.stdin.end(input ?? '');
  });
}

/** Every object in `dir`'s repository, decompressed, as one string: what a leak check searches. */
export function allObjectText(sb: Sandbox, dir: string): string {
  const res = spawnSync('git', ['cat-file', '--batch-all-objects', '--batch', '--unordered'], { cwd: dir, env: sb.env, maxBuffer: 1 << 28 });
  return res.stdout.toString('latin1');
}

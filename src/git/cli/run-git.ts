/**
 * Every git subprocess this tool starts goes through here (one module owns
 * them all, as in changesets). Output is kept as bytes: paths may be any bytes.
 */
import { FatalError, GitCommandError } from '../../errors.js';
import { spawnChild } from '../../io/run-scope.js';

export interface GitResult {
  code: number;
  stdout: Buffer;
  stderr: string;
}

export interface RunOptions {
  cwd: string;
  env: Record<string, string | undefined>;
  input?: string | Uint8Array;
  /** Extra environment for this call only. */
  extraEnv?: Record<string, string>;
  /** Inherit the terminal (for an editor or an interactive git command). */
  inherit?: boolean;
  /**
   * Stops git once its output passes this many bytes and fails with exit code
   * -1, so a stranger's object cannot make us buffer without bound.
   */
  maxStdout?: number;
  /** Takes stdout as it arrives (the result's stdout is then empty): a long output is parsed while git still writes it. */
  onStdout?: (chunk: Buffer) => void;
}

/** Runs `git args`; resolves with the exit code, never rejects on a non-zero exit. */
export function runGit(args: string[], opts: RunOptions): Promise<GitResult> {
  const started = opts.env.GIT_CHECKPOINT_TRACE ? performance.now() : 0;
  return new Promise<GitResult>((resolve, reject) => {
    const env = opts.extraEnv ? { ...opts.env, ...opts.extraEnv } : opts.env;
    const child = spawnChild('git', args, {
      cwd: opts.cwd,
      env: env as NodeJS.ProcessEnv,
      stdio: opts.inherit ? 'inherit' : ['pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let size = 0;
    let overflow = false;
    child.stdout?.on('data', (d: Buffer) => {
      if (overflow) return;
      size += d.byteLength;
      if (opts.maxStdout !== undefined && size > opts.maxStdout) {
        overflow = true;
        out.length = 0;
        child.kill();
        return;
      }
      if (opts.onStdout) opts.onStdout(d);
      else out.push(d);
    });
    child.stderr?.on('data', (d: Buffer) => err.push(d));
    child.on('error', (e: NodeJS.ErrnoException) => {
      reject(e.code === 'ENOENT' ? new FatalError('git is not installed or not on PATH', { hint: 'install git >= 2.31' }) : e);
    });
    child.on('close', (code) => {
      const stderr = Buffer.concat(err).toString('utf8');
      if (overflow) resolve({ code: -1, stdout: Buffer.alloc(0), stderr: `fatal: output over ${opts.maxStdout} bytes\n${stderr}` });
      else resolve({ code: code ?? 128, stdout: Buffer.concat(out), stderr });
    });
    if (child.stdin) {
      child.stdin.on('error', () => {}); // git may exit before reading all of stdin
      child.stdin.end(opts.input ?? '');
    }
  }).then((res) => {
    // Like GIT_TRACE: which git commands a run spawned, when, and for how long.
    if (started) process.stderr.write(`trace: ${performance.now().toFixed(1)} git ${args.join(' ').slice(0, 80)} (${(performance.now() - started).toFixed(1)} ms)\n`);
    return res;
  });
}

/** Runs git and returns stdout; a non-zero exit becomes a GitCommandError with git's own message. */
export async function gitOk(args: string[], opts: RunOptions): Promise<Buffer> {
  const res = await runGit(args, opts);
  if (res.code !== 0) {
    const msg = res.stderr.trim().split('\n').pop() || `exit code ${res.code}`;
    const hint = staleLockHint(msg);
    throw new GitCommandError(`git ${args[0]} failed: ${msg.replace(/^(fatal|error): /, '')}`, {
      ...(hint ? { hint } : {}),
      data: { args, code: res.code, stderr: res.stderr },
    });
  }
  return res.stdout;
}

/** For git's "could not lock config file <file>: File exists": what to do about `<file>.lock`. */
export function staleLockHint(message: string): string | null {
  const file = /could not lock config file (.+?): File exists/.exec(message)?.[1];
  return file ? `wait for the other git process using ${file}.lock, or remove it if none is running (a git killed while writing leaves it)` : null;
}

/** Splits NUL-terminated output into fields (the last empty field is dropped). */
export function splitNul(buf: Buffer): string[] {
  const parts = buf.toString('utf8').split('\0');
  if (parts.at(-1) === '') parts.pop();
  return parts;
}

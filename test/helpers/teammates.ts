/**
 * Two teammates sharing one bare remote: builders for the sharing tests.
 * The remote is seeded with one commit on main; clones get their own
 * identity so their writer ids differ.
 */
import { join } from 'node:path';
import { runProcess, type Sandbox } from './sandbox.js';

export interface Team {
  /** Path of the bare repository on disk. */
  bare: string;
  a: string;
  b: string;
}

/** A bare remote under `<root>/srv/<name>.git`, accepting pushes over smart HTTP too. */
export function makeBareRemote(sb: Sandbox, name: string): string {
  const seed = sb.repo(`${name}-seed`);
  const bare = join(sb.root, 'srv', `${name}.git`);
  sb.git(sb.root, 'clone', '-q', '--bare', seed, bare);
  sb.git(bare, 'config', 'http.receivepack', 'true');
  return bare;
}

/**
 * Runs git without blocking the event loop: the HTTP server of a test lives
 * in the test's own process, so a synchronous git talking to it would hang.
 */
export async function gitAsync(sb: Sandbox, cwd: string, ...args: string[]): Promise<string> {
  const res = await runProcess('git', args, cwd, sb.env);
  if (res.code !== 0) throw new Error(`git ${args.join(' ')} failed (${res.code}): ${res.stderr}`);
  return res.stdout;
}

/** Clones `url` as `name` with its own identity. */
export async function cloneAs(sb: Sandbox, url: string, name: string, email: string): Promise<string> {
  const dir = join(sb.root, name);
  await gitAsync(sb, sb.root, 'clone', '-q', url, dir);
  sb.git(dir, 'config', 'user.email', email);
  sb.git(dir, 'config', 'user.name', name);
  return dir;
}

/** Makes sure each clone has a writer id (first save creates it) and returns the pair. */
export async function makeTeam(sb: Sandbox, name: string, url: (bare: string) => string): Promise<Team> {
  const bare = makeBareRemote(sb, name);
  const a = await cloneAs(sb, url(bare), `${name}-ada`, 'ada@example.com');
  const b = await cloneAs(sb, url(bare), `${name}-bob`, 'bob@example.com');
  return { bare, a, b };
}

export function writerOf(sb: Sandbox, dir: string): string {
  return sb.git(dir, 'config', 'checkpoint.writer').trim();
}

/** Saves `n` checkpoints titled `<prefix> 1..n`; returns their ids, oldest first. */
export async function saveMany(sb: Sandbox, dir: string, prefix: string, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 1; i <= n; i++) {
    const res = await sb.ckpt(dir, ['save', '-m', `${prefix} ${i}`]);
    if (res.code !== 0) throw new Error(`save failed: ${res.stderr}`);
    ids.push(res.stdout.trim());
  }
  return ids;
}

/** Number of commits on the first-parent history of `ref` in `dir` (0 when absent). */
export function chainLength(sb: Sandbox, dir: string, ref: string): number {
  try {
    return Number(sb.git(dir, 'rev-list', '--count', '--first-parent', ref).trim());
  } catch {
    return 0;
  }
}

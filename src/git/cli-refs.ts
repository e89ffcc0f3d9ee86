/**
 * Refs for the CLI backend. Updates are git's own compare-and-swap
 * (`update-ref <ref> <new> <old>`), so they race safely with any git process.
 */
import { FatalError } from '../errors.js';
import type { CliContext } from './cli-context.js';
import type { RefRecord } from './repo.js';
import { gitOk, runGit } from './run-git.js';

/** Resolves `name`; null when it does not exist. */
export async function readRef(ctx: CliContext, name: string): Promise<string | null> {
  // Full ref names resolve through the running cat-file (no subprocess); it re-reads refs on every
  // request. Only the id is wanted: the contents (maybe a stranger's huge blob) are dropped unread.
  if (/^refs\/[^\s:^~]+$/.test(name)) {
    const obj = await ctx.batch.read(name, 0);
    return obj ? obj.oid : null;
  }
  const res = await runGit(['rev-parse', '--verify', '--quiet', '--end-of-options', name], ctx.opts);
  return res.code === 0 ? res.stdout.toString('utf8').trim() : null;
}

/** `git for-each-ref` under `prefix`, in git's (byte) order. */
export async function listRefs(ctx: CliContext, prefix: string): Promise<RefRecord[]> {
  const out = await gitOk(['for-each-ref', '--format=%(objectname) %(refname)', prefix], ctx.opts);
  return out
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => ({ oid: line.slice(0, line.indexOf(' ')), name: line.slice(line.indexOf(' ') + 1) }));
}

/**
 * Moves `name` to `next` only if it is at `expected` (null: absent), with
 * `reason` in the reflog. False on a lost race; FatalError on any other failure.
 */
export async function updateRef(ctx: CliContext, name: string, next: string, expected: string | null, reason: string): Promise<boolean> {
  const zeroOid = '0'.repeat(ctx.info.objectFormat === 'sha256' ? 64 : 40);
  const res = await runGit(['update-ref', '-m', reason, name, next, expected ?? zeroOid], {
    ...ctx.opts, extraEnv: { LC_ALL: 'C' },
  });
  if (res.code === 0) return true;
  if (isLostRace(res.stderr)) return false;
  throw new FatalError(`cannot update ${name}: ${res.stderr.trim().split('\n').pop() ?? ''}`);
}

/** Deletes `name` only if it is at `expected`; false otherwise (moved, or already gone). */
export async function deleteRef(ctx: CliContext, name: string, expected: string): Promise<boolean> {
  const res = await runGit(['update-ref', '-d', name, expected], { ...ctx.opts, extraEnv: { LC_ALL: 'C' } });
  return res.code === 0;
}

/** git's words (LC_ALL=C) for a ref that moved under us or is locked by another process. */
function isLostRace(stderr: string): boolean {
  return /cannot lock ref|is at .* but expected|reference already exists|unable to create .*\.lock|File exists/i.test(stderr);
}

/**
 * Refs for the CLI backend. Updates are git's own compare-and-swap
 * (`update-ref <ref> <new> <old>`), so they race safely with any git process.
 */
import { stat } from 'node:fs/promises';
import { FatalError, OperationError } from '../../errors.js';
import { shellQuote } from '../../text/shell.js';
import type { CliContext } from './cli-context.js';
import { readRefsUnder } from './ref-files.js';
import type { RefRecord, RefTip, RefUpdate } from '../repo.js';
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
  const args = ['for-each-ref', '--format=%(objectname) %(refname)', prefix];
  // Read from the files when they are plain loose and packed refs (no process); git answers otherwise.
  const fromFiles = await readRefsUnder(ctx.info.commonDir, prefix).catch(() => null);
  if (fromFiles) return fromFiles;
  const out = await gitOk(args, ctx.opts);
  return out
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => ({ oid: line.slice(0, line.indexOf(' ')), name: line.slice(line.indexOf(' ') + 1) }));
}

/** `for-each-ref` with each tip's parents: git reads the tip commits, node no file. */
export async function listRefTips(ctx: CliContext, prefix: string): Promise<RefTip[]> {
  const out = await gitOk(['for-each-ref', '--format=%(objectname) %(refname) %(parent)', prefix], ctx.opts);
  return out.toString('utf8').split('\n').filter(Boolean).map((line) => {
    const [oid = '', name = '', ...parents] = line.split(' ');
    return { oid, name, parents: parents.filter(Boolean) };
  });
}

/**
 * Moves `name` to `next` only if it is at `expected` (null: absent), with
 * `reason` in the reflog. False on a lost race; FatalError on any other failure.
 */
export async function updateRef(ctx: CliContext, name: string, next: string, expected: string | null, reason: string): Promise<boolean> {
  const zeroOid = '0'.repeat(ctx.info.objectFormat === 'sha256' ? 64 : 40);
  // The tool's own refs keep a reflog, so what prune or drop rewrote stays recoverable (git reflog <ref>).
  const reflog = OWN_REFS.test(name) ? ['--create-reflog'] : [];
  const res = await runGit(['update-ref', ...reflog, '-m', reason, name, next, expected ?? zeroOid], {
    ...ctx.opts, extraEnv: { LC_ALL: 'C' },
  });
  const lock = res.code === 0 ? null : lockFileOf(res.stderr);
  if (!lock) busySince.delete(name);
  if (res.code === 0) return true;
  if (lock) return waitForLock(name, lock);
  if (isLostRace(res.stderr)) return false;
  throw new FatalError(`cannot update ${name}: ${res.stderr.trim().split('\n').pop() ?? ''}`);
}

const OWN_REFS = /^refs\/((notes\/)?checkpoints\/(?!remotes\/)|checkpoint-dropped\/)/;
/** How long a lock may stay unchanged before it is taken for one left by a process that died. */
const LOCK_WINDOW_MS = 1000;
/**
 * How long a ref's lock may keep being taken by others, one holder after
 * another, before an update gives up (git itself waits 100 ms:
 * core.filesRefLockTimeout). A live git holds it for milliseconds: a lock
 * met on every try for this long is a process rewriting it over and over.
 */
export const LOCK_BUSY_MS = 10_000;
/** Per ref: when its lock was first met in the current run of tries (monotonic ms), and when last. */
const busySince = new Map<string, { since: number; last: number }>();

/** The lock file named in git's "Unable to create '<path>.lock': File exists." */
function lockFileOf(stderr: string): string | null {
  return /Unable to create '(.+\.lock)': File exists/.exec(stderr)?.[1] ?? null;
}

/**
 * Another process holds `lock`. A live one holds it for milliseconds: when
 * the lock goes away or is replaced within the window, the update is a lost
 * race (false: the caller retries) — until the lock has been met on every
 * try for LOCK_BUSY_MS, which fails naming the file. A lock that stays the
 * same was left by a process that died: that fails at once, in git's words,
 * naming the file.
 */
async function waitForLock(name: string, lock: string): Promise<boolean> {
  const met = busySince.get(name);
  const start = performance.now();
  // Tries of one update follow each other within the window; a lock met again much later starts anew.
  const since = met && start - met.last < 2 * LOCK_WINDOW_MS ? met.since : start;
  const first = await lockToken(lock);
  let moved = first === null;
  for (const until = start + LOCK_WINDOW_MS; !moved && performance.now() < until;) {
    await new Promise((r) => setTimeout(r, 50));
    moved = (await lockToken(lock)) !== first;
  }
  if (moved) {
    const now = performance.now();
    if (now - since < LOCK_BUSY_MS) {
      busySince.set(name, { since, last: now });
      return false;
    }
    busySince.delete(name);
    throw new OperationError(`cannot lock ref '${name}': '${lock}' was taken by another process on every try for ${LOCK_BUSY_MS / 1000} s`, {
      hint: 'something keeps updating this ref over and over (a script, a sync tool?): try again once it stops',
    });
  }
  busySince.delete(name);
  throw new OperationError(`cannot lock ref '${name}': Unable to create '${lock}': File exists.`, {
    hint: `another git process seems to be running in this repository; if none is, one crashed earlier: remove the file manually to continue (rm -- ${shellQuote(lock)})`,
  });
}

async function lockToken(path: string): Promise<string | null> {
  const st = await stat(path).catch(() => null);
  return st ? `${st.ino}:${st.mtimeMs}:${st.size}` : null;
}

/** One `update-ref --stdin` transaction: all of `updates` or none (Refs.tryUpdateRefs). */
export async function tryUpdateRefs(ctx: CliContext, updates: RefUpdate[], reason: string): Promise<boolean> {
  const zeroOid = '0'.repeat(ctx.info.objectFormat === 'sha256' ? 64 : 40);
  const reflog = updates.every((u) => OWN_REFS.test(u.name)) ? ['--create-reflog'] : [];
  const input = updates.map((u) => `update ${u.name}\0${u.next}\0${u.expected ?? zeroOid}\0`).join('');
  const res = await runGit(['update-ref', ...reflog, '-m', reason, '-z', '--stdin'], { ...ctx.opts, input });
  return res.code === 0;
}

/** Deletes `name` only if it is at `expected`; false otherwise (moved, or already gone). */
export async function deleteRef(ctx: CliContext, name: string, expected: string): Promise<boolean> {
  const res = await runGit(['update-ref', '-d', name, expected], { ...ctx.opts, extraEnv: { LC_ALL: 'C' } });
  return res.code === 0;
}

/**
 * git's words (LC_ALL=C) for a ref that moved under us or is locked by another
 * process — not a lock that cannot be made at all (read-only, full, denied).
 */
function isLostRace(stderr: string): boolean {
  if (/Read-only file system|Permission denied|No space left on device|Disk quota exceeded/i.test(stderr)) return false;
  return /cannot lock ref|is at .* but expected|reference already exists|unable to create .*\.lock|File exists/i.test(stderr);
}

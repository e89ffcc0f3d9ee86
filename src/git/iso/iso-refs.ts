/**
 * Refs for the isomorphic-git backend: reads through isomorphic-git, and
 * compare-and-swap updates under both an in-process lock and git's own
 * `<ref>.lock` file, so neither a concurrent call here nor a git process on
 * the same repository can interleave.
 */
import { posix } from 'node:path';
import git from 'isomorphic-git';
import { OperationError } from '../../errors.js';
import { OID, nullOnIsoError, nullWhenMissing, type IsoContext } from './iso-context.js';
import type { ObjectId, RefRecord, RefUpdate } from '../repo.js';

const { dirname, join } = posix;
/** What git's check-ref-format refuses, for names under refs/. */
const BAD_REF = /(^|\/)\.|\.\.|[\x00-\x20~^:?*[\\\x7f]|\.lock(\/|$)|\/\/|\/$|@\{|\.$/;

/** HEAD or a full ref name, resolved; null when it does not exist or is not a full name. */
export async function readRef(ctx: IsoContext, name: string): Promise<ObjectId | null> {
  // resolveRef also tries refs/heads/<name> and friends; only full names are meant here.
  if (name !== 'HEAD' && !name.startsWith('refs/')) return null;
  try {
    return await git.resolveRef({ fs: ctx.fs, gitdir: ctx.gitdir, ref: name });
  } catch (err) {
    return nullOnIsoError(err, 'NotFoundError');
  }
}

/** Loose and packed refs starting with `prefix`, sorted by name as bytes; refs that do not resolve are left out. */
export async function listRefs(ctx: IsoContext, prefix: string): Promise<RefRecord[]> {
  const start = prefix.slice(0, prefix.lastIndexOf('/') + 1);
  const loose = await listLoose(ctx, start.replace(/\/$/, ''));
  const names = new Set([...loose, ...(await packedRefNames(ctx))].filter((n) => n.startsWith(prefix)));
  const sorted = [...names].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  const records = await Promise.all(sorted.map(async (name) => ({ name, oid: await readRef(ctx, name) })));
  return records.filter((r): r is RefRecord => r.oid !== null);
}

/**
 * Compare-and-swap under an in-process lock and git's own `<ref>.lock` file,
 * so a concurrent git process on the same repository cannot interleave either.
 * `name` must be a full ref under refs/ (not HEAD; symbolic refs are replaced, not followed).
 * The reflog is not written: isomorphic-git keeps none, so there is no `reason`.
 */
export async function updateRef(ctx: IsoContext, name: string, next: ObjectId, expected: ObjectId | null): Promise<boolean> {
  if (!OID.test(next)) throw new OperationError(`cannot update ${name}: invalid object id ${next}`);
  return withRefLock(ctx, name, async (lockPath) => {
    if ((await readRef(ctx, name)) !== expected) return false;
    await ctx.fsp.writeFile(lockPath, `${next}\n`);
    await ctx.fsp.rename(lockPath, join(ctx.gitdir, name));
    return true;
  });
}

/**
 * All of `updates` or none: each checked, then each moved; a later one that
 * loses its race puts the earlier ones back (one process: nothing else moved them).
 */
export async function tryUpdateRefs(ctx: IsoContext, updates: RefUpdate[]): Promise<boolean> {
  for (const u of updates) if ((await readRef(ctx, u.name)) !== u.expected) return false;
  const done: RefUpdate[] = [];
  for (const u of updates) {
    if (!(await updateRef(ctx, u.name, u.next, u.expected))) {
      for (const d of done.reverse()) {
        if (d.expected) await updateRef(ctx, d.name, d.expected, d.next);
        else await deleteRef(ctx, d.name, d.next);
      }
      return false;
    }
    done.push(u);
  }
  return true;
}

/** Compare-and-swap delete, under the same locks as `updateRef`. */
export async function deleteRef(ctx: IsoContext, name: string, expected: ObjectId): Promise<boolean> {
  return withRefLock(ctx, name, async () => {
    if ((await readRef(ctx, name)) !== expected) return false;
    // Removes the loose file and the packed-refs line alike.
    await git.deleteRef({ fs: ctx.fs, gitdir: ctx.gitdir, ref: name });
    return true;
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

/** Runs `fn` holding the ref's lock file; false (a lost race) when another process holds it. */
function withRefLock(ctx: IsoContext, name: string, fn: (lockPath: string) => Promise<boolean>): Promise<boolean> {
  if (!name.startsWith('refs/') || BAD_REF.test(name)) throw new OperationError(`invalid ref name: ${name}`);
  const lockPath = join(ctx.gitdir, `${name}.lock`);
  return withLock(`${ctx.gitdir}\0${name}`, async () => {
    await ctx.fsp.mkdir(dirname(lockPath), { recursive: true });
    try {
      await ctx.fsp.writeFile(lockPath, '', { flag: 'wx' });
    } catch (err) {
      if ((err as { code?: string }).code === 'EEXIST') return false;
      throw err;
    }
    try {
      return await fn(lockPath);
    } finally {
      await ctx.fsp.unlink(lockPath).catch(() => undefined);
    }
  });
}

async function listLoose(ctx: IsoContext, rel: string): Promise<string[]> {
  const names = await ctx.fsp.readdir(join(ctx.gitdir, rel)).catch(() => [] as string[]);
  const out: string[] = [];
  for (const name of names.map(String)) {
    const path = `${rel}/${name}`;
    // A ref deleted while we list is simply not listed.
    const st = await ctx.fsp.lstat(join(ctx.gitdir, path)).catch(() => null);
    if (!st) continue;
    if (st.isDirectory()) out.push(...(await listLoose(ctx, path)));
    else if (!name.endsWith('.lock')) out.push(path);
  }
  return out;
}

async function packedRefNames(ctx: IsoContext): Promise<string[]> {
  const text = await ctx.fsp.readFile(join(ctx.gitdir, 'packed-refs'), 'utf8').catch(nullWhenMissing);
  const lines = (text ?? '').split('\n').filter((l) => l && !l.startsWith('#') && !l.startsWith('^'));
  return lines.map((l) => l.slice(l.indexOf(' ') + 1).trim());
}

/**
 * History walks for the isomorphic-git backend, in git's own order, so both
 * backends list the same commits the same way.
 */
import type { IsoContext } from './iso-context.js';
import { readCommit, readRaw } from './iso-objects.js';
import { readRef } from './iso-refs.js';
import type { CommitInfo, ObjectId, WalkOptions } from '../repo.js';
import { subjectOf } from '../object-parse.js';

/** Git's date-ordered walk: a queue by committer time, FIFO among equal times, so it can stop at `limit`. */
export async function walkCommits(ctx: IsoContext, tips: ObjectId[], opts: WalkOptions = {}): Promise<CommitInfo[]> {
  const limit = opts.limit ?? Infinity;
  // Commits reachable from an excluded tip are never shown nor walked through, as with git's `^oid`.
  const seen = opts.exclude?.length ? await reachableFrom(ctx, opts.exclude) : new Set<ObjectId>();
  const queue: CommitInfo[] = [];
  const enqueue = async (oid: ObjectId) => {
    if (seen.has(oid)) return;
    seen.add(oid);
    const commit = await readCommit(ctx, oid);
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

/** How many commits `walkCommits` returns (it reads them all: isomorphic-git has no cheaper count). */
export async function countCommits(ctx: IsoContext, tips: ObjectId[], opts: Omit<WalkOptions, 'limit'> = {}): Promise<number> {
  return (await walkCommits(ctx, tips, opts)).length;
}

/** False when `ancestor` is not a commit; otherwise whether `descendant` reaches it. */
export async function isAncestor(ctx: IsoContext, ancestor: ObjectId, descendant: ObjectId): Promise<boolean> {
  if (!(await readRaw(ctx, ancestor, 'commit'))) return false;
  return (await reachableFrom(ctx, [descendant])).has(ancestor);
}

/** Every commit reachable from `tips`, tips included. */
export async function reachableFrom(ctx: IsoContext, tips: ObjectId[]): Promise<Set<ObjectId>> {
  return new Set((await walkCommits(ctx, tips)).map((c) => c.oid));
}

/** First-parent history of HEAD, newest first, at most `n`; empty on an unborn branch. */
export async function recentCommits(ctx: IsoContext, n: number): Promise<{ oid: ObjectId; subject: string }[]> {
  const head = await readRef(ctx, 'HEAD');
  if (!head || n <= 0) return [];
  const commits = await walkCommits(ctx, [head], { limit: n, firstParent: true });
  return commits.map((c) => ({ oid: c.oid, subject: subjectOf(c.message) }));
}

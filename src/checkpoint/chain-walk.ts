/**
 * Every commit of the chains, walked the way chains are built (SPEC §3):
 * each chain's first-parent line, then — round by round — the lineage
 * links (extra parents) not reached yet. Git's full walk queues every
 * parent of every commit in date order, which is quadratic in the number of
 * parents of one commit: a fetched commit with 100,000 parents would cost
 * minutes on every listing. A checkpoint has at most 1,000 lineage parents,
 * so a commit with more is reported as invalid and its links not followed.
 */
import type { CommitInfo, Repo } from '../git/repo.js';
import type { InvalidCheckpoint } from './listing.js';

/** The record's `parents` cap (schema.ts) plus the chain's own previous commit. */
export const MAX_COMMIT_PARENTS = 1001;
/** Lineage rounds before the walk gives up following links (each round is one `git log`). */
export const MAX_ROUNDS = 64;

/** Where a walk may stop: commits already known, and tips whose history is known (git's `^oid`, they must exist). */
export interface WalkFrom {
  known?: (oid: string) => boolean;
  exclude?: string[];
}

/**
 * The commits, newest first by committer date. A ref that does not lead to
 * a commit (a fetched ref pointing at a blob, a missing object) is reported
 * as invalid, naming the ref, and never hides the others.
 */
export async function walkChains(repo: Repo, refs: { name: string; oid: string }[], invalid: InvalidCheckpoint[], opts: WalkFrom = {}): Promise<CommitInfo[]> {
  const byOid = new Map<string, CommitInfo>();
  const failed = new Map<string, string>();
  const known = opts.known ?? (() => false);
  const exclude = opts.exclude ?? [];
  let tips = [...new Set(refs.map((r) => r.oid))].filter((oid) => !known(oid));
  for (let round = 0; tips.length && round < MAX_ROUNDS; round++) {
    const links = new Set<string>();
    for (const c of await walkFirstParents(repo, tips, exclude, failed)) {
      if (byOid.has(c.oid) || known(c.oid)) continue;
      byOid.set(c.oid, c);
      if (c.parents.length <= MAX_COMMIT_PARENTS) for (const p of c.parents.slice(1)) links.add(p);
    }
    tips = [...links].filter((oid) => !byOid.has(oid) && !failed.has(oid) && !known(oid));
  }
  for (const r of refs) {
    const why = failed.has(r.oid) ? `its history cannot be read (${failed.get(r.oid)})` : 'does not point at a checkpoint commit';
    if (!byOid.has(r.oid) && !known(r.oid)) invalid.push({ commit: r.oid, id: null, error: `${r.name}: ${why}` });
  }
  // Stable: within one second, the walk's order (children first) stands.
  return [...byOid.values()].sort((a, b) => b.committer.timestamp - a.committer.timestamp);
}

/** One walk of every tip's first-parent line; when it fails as a whole, tip by tip, noting the ones that fail. */
async function walkFirstParents(repo: Repo, tips: string[], exclude: string[], failed: Map<string, string>): Promise<CommitInfo[]> {
  const all = await repo.walkCommits(tips, { firstParent: true, exclude }).catch(() => null);
  if (all) return all;
  const walks = await Promise.all(
    tips.map((tip) => repo.walkCommits([tip], { firstParent: true, exclude }).catch((err: Error) => (failed.set(tip, err.message), []))),
  );
  return walks.flat();
}

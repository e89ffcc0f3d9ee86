/**
 * Every commit of the chains, walked the way chains are built (SPEC §3):
 * each chain's first-parent line, then — round by round — the lineage
 * links (extra parents) not reached yet. Git's full walk queues every
 * parent of every commit in date order, which is quadratic in the number of
 * parents of one commit: a fetched commit with 100,000 parents would cost
 * minutes on every listing. A checkpoint has at most 1,000 lineage parents,
 * so a commit with more is reported as invalid and its links not followed.
 */
import type { Repo, ScannedCommit } from '../../git/repo.js';
import type { InvalidCheckpoint } from './types.js';

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
 * Hands each commit to `onCommit` once, as the walks meet it (each round in
 * git's date order; nothing is kept but the ids). A ref that does not lead
 * to a commit (a fetched ref pointing at a blob, a missing object) is
 * reported as invalid, naming the ref, and never hides the others.
 */
export async function walkChains(
  repo: Repo, refs: { name: string; oid: string }[], invalid: InvalidCheckpoint[], opts: WalkFrom, onCommit: (c: ScannedCommit) => void,
): Promise<void> {
  const handed = new Set<string>();
  const failed = new Map<string, string>();
  const known = opts.known ?? (() => false);
  const exclude = opts.exclude ?? [];
  let tips = [...new Set(refs.map((r) => r.oid))].filter((oid) => !known(oid));
  for (let round = 0; tips.length && round < MAX_ROUNDS; round++) {
    const links = new Set<string>();
    await walkFirstParents(repo, tips, exclude, failed, (c) => {
      if (handed.has(c.oid) || known(c.oid)) return;
      handed.add(c.oid);
      onCommit(c);
      if (c.parents.length <= MAX_COMMIT_PARENTS) for (const p of c.parents.slice(1)) links.add(p);
    });
    tips = [...links].filter((oid) => !handed.has(oid) && !failed.has(oid) && !known(oid));
  }
  for (const r of refs) {
    const why = failed.has(r.oid) ? `its history cannot be read (${failed.get(r.oid)})` : 'does not point at a checkpoint commit';
    if (!handed.has(r.oid) && !known(r.oid)) invalid.push({ commit: r.oid, id: null, error: `${r.name}: ${why}` });
  }
}

/**
 * One walk of every tip's first-parent line; when it fails as a whole, tip
 * by tip, noting the ones that fail (what the failed walk handed over is
 * real, and not handed over again).
 */
async function walkFirstParents(repo: Repo, tips: string[], exclude: string[], failed: Map<string, string>, onCommit: (c: ScannedCommit) => void): Promise<void> {
  const whole = await repo.scanCommits(tips, { firstParent: true, exclude }, onCommit).then(() => true, () => false);
  if (whole) return;
  for (const tip of tips) {
    await repo.scanCommits([tip], { firstParent: true, exclude }, onCommit).catch((err: Error) => failed.set(tip, err.message));
  }
}

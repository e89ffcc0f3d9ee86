/**
 * Plan, then apply (as in changesets): pure functions that decide which own
 * checkpoints `prune` and `drop` remove, from the chain alone.
 */

export interface ChainEntry {
  /** The checkpoint commit. */
  commit: string;
  id: string;
  /** Seconds since the epoch (the commit date, which is the record's createdAt). */
  time: number;
  title: string;
}

export interface PruneRule {
  /** Drop checkpoints saved more than this many seconds before `now`. */
  olderThanSeconds?: number;
  /** Always keep the newest `keep` checkpoints. */
  keep?: number;
  now: Date;
}

/**
 * The entries (oldest first) that `prune` removes. A checkpoint goes only
 * when every given rule says so: `--older-than 30d --keep 10` removes what is
 * older than 30 days, but never one of the 10 newest.
 */
export function planPrune(entries: ChainEntry[], rule: PruneRule): ChainEntry[] {
  const cutoff = rule.olderThanSeconds === undefined ? null : rule.now.getTime() / 1000 - rule.olderThanSeconds;
  const protectedFrom = rule.keep === undefined ? entries.length : Math.max(0, entries.length - rule.keep);
  return entries.filter((e, i) => {
    const old = cutoff === null || e.time < cutoff;
    const beyondKeep = rule.keep === undefined || i < protectedFrom;
    return old && beyondKeep;
  });
}

export interface RewriteStep {
  /** The commit being kept. */
  commit: string;
  /** Its extra (lineage) parents after the rewrite, old commit ids; mapped to new ones when applied. */
  lineage: string[];
}

export interface RewritePlan {
  /** Kept commits before the first dropped one: reused as they are. */
  keptPrefix: string[];
  /** Kept commits after it, oldest first: each is rewritten onto the new chain. */
  rewrite: RewriteStep[];
  dropped: string[];
}

/**
 * Which commits to reuse, rewrite and drop. Lineage parents that are dropped
 * checkpoints of the own chain disappear; those on other chains stay.
 * `repair`: the oldest entry's first parent is another writer's commit (a
 * corrupted chain), so every entry is rewritten and that commit becomes a
 * lineage parent (extra parents of the next own checkpoint, when there is
 * one): the first-parent line then holds only the writer's own checkpoints.
 */
export function planRewrite(
  entries: { commit: string; parents: string[] }[],
  drop: ReadonlySet<string>,
  opts: { repair?: boolean } = {},
): RewritePlan {
  const plan: RewritePlan = { keptPrefix: [], rewrite: [], dropped: [] };
  for (const [i, e] of entries.entries()) {
    if (drop.has(e.commit)) {
      plan.dropped.push(e.commit);
      continue;
    }
    const extra = i === 0 && opts.repair ? e.parents : e.parents.slice(1);
    if (!plan.dropped.length && !opts.repair) plan.keptPrefix.push(e.commit);
    else plan.rewrite.push({ commit: e.commit, lineage: extra.filter((p) => !drop.has(p)) });
  }
  return plan;
}

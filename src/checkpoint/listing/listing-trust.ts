/**
 * Turns walked commits into the listing without trusting what fetched
 * records say about themselves (SPEC §9):
 * - a record is what its ref says: one whose writer is not its chain's is
 *   shown as that chain's (writer and remote), with a warning naming the ref;
 * - an own checkpoint's id is never shadowed by another commit claiming it;
 * - a record is never newer than its commit: the committer time caps
 *   `createdAt` for ordering, and a date in the future orders as the oldest.
 * Pure: the clock comes in as `now`.
 */
import type { CacheEntry, SummaryRow } from './listing-cache.js';
import type { CheckpointSummary, InvalidCheckpoint } from './types.js';

export interface WalkedRef {
  name: string;
  writer: string;
  /** Null for the clone's own chains. */
  remote: string | null;
}

export interface Walk {
  oids: readonly string[];
  entries: readonly CacheEntry[];
  via: ArrayLike<number>;
  on: ArrayLike<number>;
}

export interface Assembled {
  checkpoints: CheckpointSummary[];
  invalid: InvalidCheckpoint[];
  warnings: string[];
}

/** How far ahead of this clock a record may be dated before it is treated as undated (clock skew). */
export const FUTURE_SLACK_MS = 60 * 60 * 1000;

/** Own, fetched and matching its chain, reached through a lineage link, or disowned by its chain. */
const Rank = { Own: 0, Fetched: 1, Linked: 2, Disowned: 3 } as const;

export interface Candidate {
  summary: CheckpointSummary;
  rank: number;
  ref: WalkedRef;
  /** Position in the walk (git log order). */
  order: number;
  /** Committer time, seconds since the epoch. */
  committed: number;
}

export function assembleListing(refs: readonly WalkedRef[], walk: Walk, opts: { local: boolean; now: number }): Assembled {
  const out: Assembled = { checkpoints: [], invalid: [], warnings: [] };
  const candidates: Candidate[] = [];
  walk.oids.forEach((oid, i) => {
    const entry = walk.entries[i]!;
    const ref = refs[walk.via[i]!];
    if ('skip' in entry) return;
    if (!Array.isArray(entry)) out.invalid.push({ commit: oid, id: entry.id, error: entry.invalid });
    else if (ref) candidates.push(toCandidate(entry, oid, ref, walk.on[i] === 1, i, out.warnings));
  });
  const ownIds = new Set(candidates.filter((c) => c.rank === Rank.Own).map((c) => c.summary.id));
  const kept = new Map<string, Candidate>();
  for (const c of [...candidates].sort((a, b) => a.rank - b.rank || a.order - b.order)) {
    if (opts.local && c.rank !== Rank.Own) continue;
    const id = c.summary.id;
    if (kept.has(id)) {
      if (ownIds.has(id) && (c.rank === Rank.Fetched || c.rank === Rank.Disowned)) out.warnings.push(`${c.ref.name}: checkpoint ${c.summary.commit} reuses the id ${id} of your own checkpoint; ignored`);
      continue;
    }
    kept.set(id, c);
  }
  out.checkpoints = sortNewestFirst([...kept.values()], opts.now, out.warnings);
  return out;
}

/** A row read from `ref` as the listing shows it: disowned (with a warning) when its writer is not the chain's. */
export function toCandidate(row: SummaryRow, commit: string, ref: WalkedRef, onChain: boolean, order: number, warnings: string[]): Candidate {
  const [id, createdAt, branch, claimed, label, title, status, head, committed, checked] = row;
  const disowned = onChain && claimed !== ref.writer;
  if (disowned) {
    const whose = ref.remote === null ? 'run git checkpoint doctor' : `shown as ${ref.remote}'s`;
    warnings.push(`${ref.name}: checkpoint ${commit} names writer '${claimed}', not its chain's '${ref.writer}'; ${whose}`);
  }
  const rank = disowned ? Rank.Disowned : !onChain ? Rank.Linked : ref.remote === null ? Rank.Own : Rank.Fetched;
  const writer = disowned ? ref.writer : claimed;
  const summary: CheckpointSummary = { id, createdAt, branch, writer, label, title, status, head, commit, remote: ref.remote, time: 0, checked: checked !== false };
  return { summary, rank, ref, order, committed };
}

/**
 * Newest first by the time each record may claim: its `createdAt`, capped by
 * its commit's committer time; one dated beyond `now` (plus slack) sorts last.
 * Stable, so within one millisecond git log's order (children first) stands.
 * Sets each summary's `time` to the time it is ordered by.
 */
function sortNewestFirst(list: Candidate[], now: number, warnings: string[]): CheckpointSummary[] {
  for (const { summary, ref, committed } of list) summary.time = orderTime(summary, committed, ref.name, now, warnings);
  return list.sort((a, b) => b.summary.time - a.summary.time || a.order - b.order).map((c) => c.summary);
}

/**
 * The time a record may claim (ms): its `createdAt`, capped by its commit's
 * committer time (`committed`, seconds); far below any date when beyond
 * `now` plus slack. Says so in `warnings`, naming the ref.
 */
export function orderTime(c: Pick<CheckpointSummary, 'createdAt' | 'commit' | 'checked'>, committed: number, refName: string, now: number, warnings: string[]): number {
  // An unchecked row's date is the end of its commit's second (see `entryOf`): no need to parse it back.
  const claimed = c.checked ? Date.parse(c.createdAt) : committed * 1000 + 999;
  let time = claimed;
  if (claimed > committed * 1000 + 999) {
    time = committed * 1000;
    warnings.push(`${refName}: checkpoint ${c.commit} claims to be saved at ${c.createdAt}, after its commit (${iso(time)}); ordered by the commit's date`);
  }
  if (time > now + FUTURE_SLACK_MS) {
    warnings.push(`${refName}: checkpoint ${c.commit} is dated in the future (${iso(time)}); ordered as the oldest`);
    time = Number.MIN_SAFE_INTEGER;
  }
  return time;
}

function iso(ms: number): string {
  return Number.isFinite(ms) && Math.abs(ms) < 8.64e15 ? new Date(ms).toISOString() : String(ms);
}

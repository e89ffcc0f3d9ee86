/**
 * Brings the head of the last listing (listing-view.ts) forward after a save
 * or a fetch, without reading the cache of every commit: one first-parent
 * walk from the moved tips down to where they were. It answers only the
 * plain case and says null otherwise (the caller then lists in full): the
 * same refs as before, each moved one a fast-forward by a few commits that
 * link to no other chain, whose messages name a checkpoint with an id never
 * listed before and a date not in the future. The new commits are appended
 * to the listing cache too, with each tip recorded only if the cache had
 * walked that ref up to the old tip.
 */
import type { CommitInfo, Repo } from '../../git/repo.js';
import { appendWalk } from './listing-cache.js';
import type { CheckpointSummary } from './types.js';
import { toCandidate, orderTime, type WalkedRef } from './listing-trust.js';
import { hasId, idHash, packIds, unpackIds, viewRows, type ListingView, type ViewRow } from './listing-view.js';
import { parseMessage } from '../record/message.js';

const MAX_MOVED_REFS = 64;
const MAX_NEW_COMMITS = 1000;

type Ref = WalkedRef & { oid: string };

/** `view` moved on to `refs` (whose key is `key`); null when only a full listing can say. */
export async function advanceView(repo: Repo, view: ListingView, refs: readonly Ref[], key: string, now: number): Promise<ListingView | null> {
  const before = new Map(view.key.split('\n').filter(Boolean).map((line) => line.split(' ') as [string, string]));
  if (before.size !== refs.length || refs.some((r) => !before.has(r.name))) return null;
  const moved = refs.filter((r) => before.get(r.name) !== r.oid);
  if (!moved.length || moved.length > MAX_MOVED_REFS) return null;
  const exclude = refs.map((r) => before.get(r.name)!);
  const walked = await repo.walkCommits(moved.map((r) => r.oid), { firstParent: true, exclude, limit: MAX_NEW_COMMITS + 1 }).catch(() => null);
  if (!walked || walked.length > MAX_NEW_COMMITS) return null;
  const byRef = fastForwards(walked, moved, before);
  if (!byRef) return null;
  const added = newSummaries(byRef, view, now);
  if (!added) return null;
  const rows = mergeRows(view, added);
  if (!rows) return null;
  await appendWalk(repo, walked, moved.map((r) => ({ name: r.name, oid: r.oid, from: before.get(r.name)! })));
  return {
    ...view, key, total: view.total + added.summaries.length, rows, warnings: [...view.warnings, ...added.warnings],
    ids: packIds([...unpackIds(view.ids), ...added.summaries.map((s) => idHash(s.s.id))]),
  };
}

/** Per moved ref, its new commits (newest first); null unless each is a plain fast-forward and every commit is one ref's. */
function fastForwards(walked: CommitInfo[], moved: readonly Ref[], before: Map<string, string>): Map<Ref, CommitInfo[]> | null {
  const byOid = new Map(walked.map((c) => [c.oid, c]));
  const seen = new Set<string>();
  const out = new Map<Ref, CommitInfo[]>();
  for (const ref of moved) {
    const line: CommitInfo[] = [];
    let c = byOid.get(ref.oid);
    while (c && !seen.has(c.oid) && c.parents.length === 1) {
      seen.add(c.oid);
      line.push(c);
      const parent = c.parents[0]!;
      if (parent === before.get(ref.name)) break;
      c = byOid.get(parent);
    }
    if (!line.length || line[line.length - 1]!.parents[0] !== before.get(ref.name)) return null;
    out.set(ref, line);
  }
  return seen.size === walked.length ? out : null;
}

/** The new commits as view rows, with the warnings their chains earn; null when one needs the full listing. */
function newSummaries(byRef: Map<Ref, CommitInfo[]>, view: ListingView, now: number): { summaries: ViewRow[]; warnings: string[] } | null {
  const known = unpackIds(view.ids);
  const ids = new Set<number>();
  const warnings: string[] = [];
  const summaries: ViewRow[] = [];
  for (const [ref, line] of byRef) {
    for (const c of line) {
      const f = parseMessage(c.message);
      const committed = c.committer.timestamp;
      if (f.id === null || f.writer === null) return null;
      const hash = idHash(f.id);
      if (hasId(known, hash) || ids.has(hash)) return null;
      ids.add(hash);
      const row = [f.id, new Date(committed * 1000 + 999).toISOString(), f.branch, f.writer, f.label, f.title, 'in_progress', null, committed, false] as const;
      const { summary } = toCandidate([...row], c.oid, ref, true, 0, warnings);
      summary.time = orderTime(summary, committed, ref.name, now, warnings);
      if (summary.time === Number.MIN_SAFE_INTEGER) return null;
      summaries.push({ s: summary, claimed: f.writer, committed, ref: ref.name, head: false });
    }
  }
  return { summaries, warnings };
}

/** The view's rows with the new ones, newest first (a new row first at equal times, as a later walk is). */
function mergeRows(view: ListingView, added: { summaries: ViewRow[] }): ViewRow[] | null {
  const facts = new Map<CheckpointSummary, ViewRow>();
  for (const r of [...added.summaries, ...view.rows]) facts.set(r.s, r);
  const list = [...facts.keys()].sort((a, b) => b.time - a.time);
  return viewRows(list, (s) => facts.get(s)!);
}

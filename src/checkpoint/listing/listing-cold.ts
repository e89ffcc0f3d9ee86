/**
 * The head of a listing with no listing cache (a fresh clone, a dropped
 * cache): the newest `cut` commits of all chains in one walk in git's date
 * order (what `git log -n <cut>` reads), nothing else read and nothing
 * written. It answers only when the chains' trailers tell the rest of the
 * story (SPEC §3): each walked commit lies on exactly one chain's
 * first-parent line and names that chain's writer, `Checkpoint-Seq` counts
 * down by one to a parentless first checkpoint, and no fetched commit reuses
 * an id of the clone's own. The total is then the sum of every chain tip's
 * `Checkpoint-Seq`. Anything else (a lineage link to a commit of no chain,
 * shared history, a lying trailer) is left to the full listing.
 */
import type { CommitInfo, Repo } from '../../git/repo.js';
import { MAX_COMMIT_PARENTS } from './chain-walk.js';
import type { CheckpointSummary } from './types.js';
import { orderTime, type WalkedRef } from './listing-trust.js';
import type { ListingView } from './listing-view.js';
import { parseMessage, type MessageFacts } from '../record/message.js';

/** The walk's lengths, tried in turn before the full listing: enough for `list -n 100` and most `latest`s. */
export const COLD_CUTS = [256, 1024, 4096] as const;

/** Own commits read to learn the own ids a fetched commit must not reuse, at most. */
const OWN_IDS_READ = 4096;

export interface ColdRow {
  s: CheckpointSummary;
  /** Committer time, seconds since the epoch. */
  committed: number;
  ref: string;
}

export interface ColdHead {
  /** Newest first: every commit of the chains ordered above `floor`. */
  rows: ColdRow[];
  total: number;
  /** Every checkpoint the walk did not reach is ordered at or below this time (ms). */
  floor: number;
  warnings: string[];
}

/**
 * The head of the listing of `refs` (own chains first, as the listing
 * orders them) from the newest `cut` commits of their first-parent lines;
 * null when the trailers cannot be trusted to tell the rest, or when the
 * chains hold fewer than `cut` commits (the full listing then costs no
 * more). `count`: add up the total (reading the tips the walk did not
 * reach), else it is 0. `ownOnly`: only the rows of `refs` are asked for,
 * not what they link to, and a walk that reaches every commit answers.
 */
export async function coldHead(repo: Repo, refs: readonly (WalkedRef & { oid: string })[], now: number, o: { cut: number; count: boolean; ownOnly: boolean }): Promise<ColdHead | null> {
  const { cut, count } = o;
  let commits: CommitInfo[];
  try {
    // First parents only: a hostile commit's thousands of parents are never queued (see chain-walk.ts).
    commits = await repo.walkCommits([...new Set(refs.map((r) => r.oid))], { limit: cut, firstParent: true });
  } catch {
    return null;
  }
  const whole = commits.length < cut;
  if (whole && !o.ownOnly) return null;
  const floor = whole ? Number.MIN_SAFE_INTEGER : commits[commits.length - 1]!.committer.timestamp * 1000 + 999;
  const facts = commits.map((c) => parseMessage(c.message));
  const index = new Map(commits.map((c, i) => [c.oid, i]));
  const via = onChains(commits, facts, index, refs);
  const links = commits.flatMap((c) => c.parents.slice(1)).filter((oid) => !index.has(oid));
  if (!via || (!o.ownOnly && !(await linksBelow(repo, links, floor)))) return null;
  const total = count ? await sumOfSeq(repo, refs, facts, index) : 0;
  if (total === null || !(await ownIdsKept(repo, refs, commits, facts, via))) return null;
  const warnings: string[] = [];
  const rows: ColdRow[] = [];
  commits.forEach((c, i) => {
    const row = rowOf(c, facts[i]!, refs[via[i]!]!, now, warnings);
    // At the cut's own second, the walk may have stopped before others of that second.
    if (row.s.time > floor) rows.push(row);
  });
  return { rows, total, floor, warnings };
}

/** A walked commit as a row: what its message says, unchecked, read from `ref`. */
function rowOf(c: CommitInfo, f: MessageFacts, ref: WalkedRef, now: number, warnings: string[]): ColdRow {
  const committed = c.committer.timestamp;
  const s: CheckpointSummary = {
    id: f.id!, createdAt: new Date(committed * 1000 + 999).toISOString(), branch: f.branch, writer: ref.writer, label: f.label,
    title: f.title, status: 'in_progress', head: null, commit: c.oid, remote: ref.remote, time: 0, checked: false,
  };
  s.time = orderTime(s, committed, ref.name, now, warnings);
  return { s, committed, ref: ref.name };
}

/** Lineage links read, at most: past it the full listing decides. */
const LINKS_READ = 1024;

/**
 * True when every commit in `linked` (extra parents of the rows, not rows
 * themselves) is ordered at or below `floor`: a linked commit on no chain is
 * listed by the full listing, and must not be missing from the head.
 */
async function linksBelow(repo: Repo, linked: readonly string[], floor: number): Promise<boolean> {
  const links = [...new Set(linked)];
  if (links.length > LINKS_READ) return false;
  const times = await Promise.all(links.map((oid) => repo.readCommit(oid).then((c) => c?.committer.timestamp ?? null, () => null)));
  return times.every((t) => t !== null && t * 1000 + 999 <= floor);
}

/**
 * Per walked commit, the index of the chain whose first-parent line holds
 * it; null when one is on no chain's line (reached through a lineage link),
 * on two, names another writer, or its `Checkpoint-Seq` does not count down.
 */
function onChains(commits: readonly CommitInfo[], facts: readonly MessageFacts[], index: Map<string, number>, refs: readonly (WalkedRef & { oid: string })[]): Int32Array | null {
  const via = new Int32Array(commits.length).fill(-1);
  for (const [r, ref] of refs.entries()) {
    let expected: number | null = null;
    for (let i = index.get(ref.oid); i !== undefined; i = index.get(commits[i]!.parents[0] ?? '')) {
      const f = facts[i]!;
      const c = commits[i]!;
      if (via[i] !== -1 || f.id === null || f.writer !== ref.writer || f.seq === null) return null;
      if (expected !== null && f.seq !== expected) return null;
      if ((f.seq === 1) !== (c.parents.length === 0) || c.parents.length > MAX_COMMIT_PARENTS) return null;
      via[i] = r;
      expected = f.seq - 1;
    }
  }
  return via.includes(-1) ? null : via;
}

/** Every chain's `Checkpoint-Seq` at its tip, added up; tips the walk did not reach are read. Null when one has none. */
async function sumOfSeq(repo: Repo, refs: readonly { oid: string }[], facts: readonly MessageFacts[], index: Map<string, number>): Promise<number | null> {
  const seqs = await Promise.all(refs.map(async (r) => {
    const i = index.get(r.oid);
    if (i !== undefined) return facts[i]!.seq;
    const c = await repo.readCommit(r.oid).catch(() => null);
    return c ? parseMessage(c.message).seq : null;
  }));
  return seqs.every((s): s is number => s !== null) ? seqs.reduce((a, b) => a + b, 0) : null;
}

/**
 * False when a walked fetched commit reuses the id of an own checkpoint, or
 * of another walked commit (the full listing decides which one shows), or
 * when the own ids past the walk are too many to read.
 */
async function ownIdsKept(repo: Repo, refs: readonly (WalkedRef & { oid: string })[], commits: readonly CommitInfo[], facts: readonly MessageFacts[], via: Int32Array): Promise<boolean> {
  const ids = new Set(facts.map((f) => f.id));
  if (ids.size < facts.length) return false;
  const fetched = facts.filter((_, i) => refs[via[i]!]!.remote !== null).map((f) => f.id!);
  if (!fetched.length) return true;
  // Own chains the walk reached down to their first checkpoint are known whole.
  const whole = new Set<number>();
  commits.forEach((c, i) => { if (c.parents.length === 0) whole.add(via[i]!); });
  const own = refs.filter((r, k) => r.remote === null && !whole.has(k));
  if (!own.length) return true;
  const ownIds = await ownIdsOf(repo, own);
  return ownIds !== null && !fetched.some((id) => ownIds.has(id));
}

/** Every id on the first-parent lines of `own`; null when they hold more than OWN_IDS_READ commits, or cannot be read. */
async function ownIdsOf(repo: Repo, own: readonly { oid: string }[]): Promise<Set<string> | null> {
  const ownSeq = await sumOfSeq(repo, own, [], new Map());
  if (ownSeq === null || ownSeq > OWN_IDS_READ) return null;
  const ownIds = new Set<string>();
  try {
    await repo.scanCommits(own.map((r) => r.oid), { firstParent: true }, (c) => { const id = parseMessage(c.message).id; if (id) ownIds.add(id); });
  } catch {
    return null;
  }
  return ownIds;
}

/** Chain tips moved at once, and commits walked, past which a kept head is read again instead. */
const MAX_MOVED_REFS = 64;
const MAX_NEW_COMMITS = 1000;
/** Rows a kept head holds at most: past it, the oldest leave and the floor rises to them. */
const MAX_KEPT_ROWS = 1024;

/**
 * A kept head (`view.cold`) moved on to `refs` after a save or a fetch: the
 * moved tips walked from their old tips only. It answers only when each
 * moved chain is a fast-forward whose new commits name its writer, count
 * `Checkpoint-Seq` on from the old tip, carry ids not listed, link only to
 * commits in the head or below its floor, and (for fetched ones) reuse no
 * own id; null otherwise (the caller walks the newest commits again).
 */
export async function advanceCold(repo: Repo, view: ListingView, refs: readonly (WalkedRef & { oid: string })[], key: string, now: number): Promise<ListingView | null> {
  const cold = view.cold;
  if (!cold) return null;
  const before = new Map(view.key.split('\n').filter(Boolean).map((line) => line.split(' ') as [string, string]));
  if (before.size !== refs.length || refs.some((r) => !before.has(r.name))) return null;
  const moved = refs.filter((r) => before.get(r.name) !== r.oid);
  if (!moved.length || moved.length > MAX_MOVED_REFS) return null;
  // Down to the moved tips' old places only: a chain that went anywhere else walks into what no moved chain explains.
  const walked = await repo.walkCommits(moved.map((r) => r.oid), { firstParent: true, exclude: moved.map((r) => before.get(r.name)!), limit: MAX_NEW_COMMITS + 1 }).catch(() => null);
  if (!walked || walked.length > MAX_NEW_COMMITS) return null;
  const byOid = new Map(walked.map((c) => [c.oid, c]));
  const oldSeqs = await Promise.all(moved.map((r) => repo.readCommit(before.get(r.name)!).then((c) => (c ? parseMessage(c.message).seq : null), () => null)));
  const listed = new Set(view.rows.map((r) => r.s.id));
  const known = new Set(view.rows.map((r) => r.s.commit));
  const warnings: string[] = [];
  const added: ColdRow[] = [];
  const links: string[] = [];
  for (const [k, ref] of moved.entries()) {
    const from = before.get(ref.name)!;
    let expected: number | null = null;
    for (let oid = ref.oid; oid !== from;) {
      const c = byOid.get(oid);
      const f = c && parseMessage(c.message);
      if (!c || !f || f.id === null || f.writer !== ref.writer || f.seq === null || listed.has(f.id)) return null;
      if ((expected !== null && f.seq !== expected) || !c.parents.length || c.parents.length > MAX_COMMIT_PARENTS) return null;
      byOid.delete(oid);
      listed.add(f.id);
      links.push(...c.parents.slice(1).filter((p) => !known.has(p)));
      added.push(rowOf(c, f, ref, now, warnings));
      expected = f.seq - 1;
      oid = c.parents[0]!;
    }
    if (expected !== oldSeqs[k]) return null;
  }
  const addedCommits = new Set(added.map((r) => r.s.commit));
  if (byOid.size || !(await linksBelow(repo, links.filter((oid) => !addedCommits.has(oid)), cold.floor))) return null;
  const fetched = added.filter((r) => r.s.remote !== null).map((r) => r.s.id);
  if (fetched.length) {
    const ownIds = await ownIdsOf(repo, refs.filter((r) => r.remote === null));
    if (!ownIds || fetched.some((id) => ownIds.has(id))) return null;
  }
  let rows = [...added.filter((r) => r.s.time > cold.floor).map((r) => ({ s: r.s, claimed: r.s.writer, committed: r.committed, ref: r.ref, head: true })), ...view.rows]
    .sort((a, b) => b.s.time - a.s.time);
  let floor = cold.floor;
  if (rows.length > MAX_KEPT_ROWS) {
    floor = Math.max(floor, rows[MAX_KEPT_ROWS]!.s.time);
    rows = rows.filter((r) => r.s.time > floor);
  }
  return { ...view, key, total: view.total + added.length, rows, warnings: [...view.warnings, ...warnings], cold: { ...cold, floor } };
}

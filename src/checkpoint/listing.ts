/**
 * Every checkpoint reachable from the chains (own and fetched), validated.
 * One `for-each-ref`, one `log` over all chains, then only the commits never
 * seen before are read and validated: the results are kept in a listing
 * cache keyed by commit id (objects never change, so the cache cannot go stale;
 * `doctor --fix` rebuilds it).
 */
import type { CommitInfo, Repo } from '../git/repo.js';
import { parseMessage } from './message.js';
import { CHAINS_PREFIX, parseChainRef } from './refs.js';
import type { CheckpointRecord } from './schema.js';

export interface CheckpointSummary {
  id: string;
  createdAt: string;
  branch: string | null;
  writer: string;
  label: string | null;
  title: string;
  status: CheckpointRecord['task']['status'];
  commit: string;
  head: string | null;
  /** Null for the clone's own chains; else the remote it was fetched from. */
  remote: string | null;
}

export interface InvalidCheckpoint {
  commit: string;
  /** The id named by the commit's trailer, when it has one. */
  id: string | null;
  error: string;
}

export interface Listing {
  /** Newest first. */
  checkpoints: CheckpointSummary[];
  invalid: InvalidCheckpoint[];
  /** Writers with a chain in this clone (refs/checkpoints/<writer>). */
  localWriters: Set<string>;
}

/** A valid checkpoint's summary as a row, or why the commit is invalid. */
type SummaryRow = [
  id: string, createdAt: string, branch: string | null, writer: string, label: string | null,
  title: string, status: CheckpointSummary['status'], head: string | null,
];
type CacheEntry = SummaryRow | { invalid: string; id: string | null };
const CACHE_FILE = 'list-cache.json';
// Version 4: records are checked against every trailer and read under the 1 MiB cap.
const CACHE_VERSION = 4;

/** Lists checkpoints; `local` keeps only the clone's own chains. */
export async function loadListing(repo: Repo, opts: { local?: boolean } = {}): Promise<Listing> {
  const refs = (await repo.listRefs(CHAINS_PREFIX)).flatMap((r) => {
    const parsed = parseChainRef(r.name);
    return parsed ? [{ ...parsed, name: r.name, oid: r.oid }] : [];
  });
  const localWriters = new Set(refs.filter((r) => r.remote === null).map((r) => r.writer));
  const remoteOf = new Map<string, string>();
  for (const r of refs) if (r.remote !== null && !remoteOf.has(r.writer)) remoteOf.set(r.writer, r.remote);
  // The own chain is authoritative for a local writer: its fetched copy may still
  // hold what prune/drop removed here and not yet pushed.
  const wanted = refs.filter((r) => r.remote === null || (!opts.local && !localWriters.has(r.writer)));
  const tips = [...new Set(wanted.map((r) => r.oid))];
  const cache = await readCache(repo);
  const listing: Listing = { checkpoints: [], invalid: [], localWriters };
  const { oids, entries } = await summarizeWalk(repo, wanted, cache, listing.invalid);
  const seen = new Set<string>();
  oids.forEach((oid, i) => {
    const entry = entries[i]!;
    if (!Array.isArray(entry)) {
      listing.invalid.push({ commit: oid, id: entry.id, error: entry.invalid });
      return;
    }
    const [id, createdAt, branch, writer, label, title, status, head] = entry;
    if ((opts.local && !localWriters.has(writer)) || seen.has(id)) return;
    seen.add(id);
    const remote = localWriters.has(writer) ? null : (remoteOf.get(writer) ?? null);
    listing.checkpoints.push({ id, createdAt, branch, writer, label, title, status, head, commit: oid, remote });
  });
  listing.checkpoints = sortNewestFirst(listing.checkpoints);
  // A walk that met a broken ref is not cached: the next listing must report it again.
  const key = listing.invalid.some((i) => i.id === null && i.error.startsWith('refs/')) ? '' : walkKeyOf(tips);
  if (cache.key !== key || cache.oids.length !== oids.length || oids.some((o, i) => cache.oids[i] !== o)) {
    await writeCache(repo, { key, oids, rows: entries });
  }
  return listing;
}

/**
 * The commits reachable from `tips` (git log order) and their summaries.
 * When the tips are those of the last listing, the walk itself comes from
 * the cache: commits never change, so the same tips reach the same commits.
 */
async function summarizeWalk(
  repo: Repo,
  refs: { name: string; oid: string }[],
  cache: Cache,
  invalid: InvalidCheckpoint[],
): Promise<{ oids: string[]; entries: CacheEntry[] }> {
  const tips = [...new Set(refs.map((r) => r.oid))];
  if (cache.key && cache.key === walkKeyOf(tips)) return { oids: cache.oids, entries: cache.rows };
  const commits = await walkChains(repo, refs, invalid);
  const known = new Map(cache.oids.map((o, i) => [o, cache.rows[i]!]));
  // Misses are read concurrently: the CLI backend pipelines them through one cat-file --batch.
  const entries = await Promise.all(commits.map((c) => known.get(c.oid) ?? summarize(repo, c)));
  return { oids: commits.map((c) => c.oid), entries };
}

/**
 * Every commit of the chains in one walk. A ref that does not lead to a
 * commit (a fetched ref pointing at a blob, a missing object) is skipped by
 * git's walk, or makes it fail as a whole; then each chain is walked alone.
 * Either way such a ref is reported as invalid, and never hides the others.
 */
async function walkChains(repo: Repo, refs: { name: string; oid: string }[], invalid: InvalidCheckpoint[]): Promise<CommitInfo[]> {
  const tips = [...new Set(refs.map((r) => r.oid))];
  const failed = new Map<string, string>();
  let commits = await repo.walkCommits(tips).catch(() => null);
  if (!commits) {
    const walks = await Promise.all(
      tips.map((tip) => repo.walkCommits([tip]).catch((err: Error) => (failed.set(tip, err.message), []))),
    );
    const byOid = new Map(walks.flat().map((c) => [c.oid, c]));
    commits = [...byOid.values()].sort((a, b) => b.committer.timestamp - a.committer.timestamp);
  }
  const walked = new Set(commits.map((c) => c.oid));
  for (const r of refs) {
    const why = failed.has(r.oid) ? `its history cannot be read (${failed.get(r.oid)})` : 'does not point at a checkpoint commit';
    if (!walked.has(r.oid)) invalid.push({ commit: r.oid, id: null, error: `${r.name}: ${why}` });
  }
  return commits;
}

function walkKeyOf(tips: string[]): string {
  return [...tips].sort().join(' ');
}

/** Newest first; stable, so within one millisecond git log's order (children before parents) stands. */
function sortNewestFirst(list: CheckpointSummary[]): CheckpointSummary[] {
  const times = list.map((c) => Date.parse(c.createdAt));
  return list.map((_, i) => i).sort((a, b) => times[b]! - times[a]! || a - b).map((i) => list[i]!);
}


async function summarize(repo: Repo, commit: CommitInfo): Promise<CacheEntry> {
  const facts = parseMessage(commit.message);
  // The schema (zod) loads only when a commit is not in the cache: a warm `list` never builds it.
  const { readRecordAt, trailerMismatch } = await import('./read-record.js');
  const parsed = await readRecordAt(repo, commit.oid);
  if (!parsed.ok) return { invalid: parsed.error, id: facts.id };
  const r = parsed.value;
  const mismatch = trailerMismatch(facts, r);
  if (mismatch) return { invalid: mismatch, id: facts.id };
  return [r.id, r.createdAt, r.git.branch, r.writer, r.label, r.task.title, r.task.status, r.git.head];
}

/**
 * The last walk: its tips (sorted, joined), the commits it reached in order,
 * and one row per commit. Rows are arrays, not objects: a listing of 10,000
 * parses noticeably faster.
 */
interface Cache {
  key: string | null;
  oids: string[];
  rows: CacheEntry[];
}

async function readCache(repo: Repo): Promise<Cache> {
  const empty: Cache = { key: null, oids: [], rows: [] };
  const text = await repo.readGitFile(CACHE_FILE, 'common');
  if (!text) return empty;
  try {
    const data = JSON.parse(text) as { v: number } & Cache;
    const ok = data.v === CACHE_VERSION && typeof data.key === 'string' && Array.isArray(data.oids) &&
      Array.isArray(data.rows) && data.oids.length === data.rows.length;
    return ok ? { key: data.key, oids: data.oids, rows: data.rows } : empty;
  } catch {
    return empty;
  }
}

async function writeCache(repo: Repo, cache: Cache): Promise<void> {
  const body = JSON.stringify({ v: CACHE_VERSION, ...cache });
  // A failed cache write only costs speed next time.
  await repo.writeGitFile(CACHE_FILE, body, 'common').catch(() => {});
}

/** Drops the listing cache (`doctor --fix`). */
export async function clearListingCache(repo: Repo): Promise<void> {
  await repo.deleteGitFile(CACHE_FILE, 'common');
}

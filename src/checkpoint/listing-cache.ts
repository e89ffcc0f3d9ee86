/**
 * The listing cache in the common git dir: the last walk of the chains (its
 * refs, the commits it reached in order, which chain each was read from) and
 * one summary row per commit. Objects never change, so a row cannot go
 * stale; the walk is reused only while every chain ref points where it did.
 * `doctor --fix` drops the file.
 */
import type { Repo } from '../git/repo.js';
import type { CheckpointSummary } from './listing.js';

/** A valid checkpoint's summary as a row (arrays, not objects: a listing of 10,000 parses faster). */
export type SummaryRow = [
  id: string, createdAt: string, branch: string | null, writer: string, label: string | null,
  title: string, status: CheckpointSummary['status'], head: string | null,
  /** Committer time of the commit, seconds since the epoch. */
  committed: number,
];
/** A row, or why the commit is invalid. */
export type CacheEntry = SummaryRow | { invalid: string; id: string | null };

export interface ListingCache {
  /** `walkKeyOf` of the refs walked; '' when the walk must not be reused. */
  key: string | null;
  oids: string[];
  rows: CacheEntry[];
  /** Per commit: index of the ref (in key order) it was read from, -1 for none. */
  via: number[];
  /** Per commit: 1 when on that chain's first-parent line, 0 when linked to. */
  on: number[];
}

const CACHE_FILE = 'list-cache.json';
// Version 5: rows carry the committer time, and the walk which chain each commit came from.
const CACHE_VERSION = 5;

/** The key of a walk: every chain ref and where it points, in the order the walk attributes them. */
export function walkKeyOf(refs: readonly { name: string; oid: string }[]): string {
  return refs.map((r) => `${r.name} ${r.oid}`).join('\n');
}

export async function readListingCache(repo: Repo): Promise<ListingCache> {
  const empty: ListingCache = { key: null, oids: [], rows: [], via: [], on: [] };
  const text = await repo.readGitFile(CACHE_FILE, 'common');
  if (!text) return empty;
  try {
    const data = JSON.parse(text) as { v: number } & ListingCache;
    const n = Array.isArray(data.oids) ? data.oids.length : -1;
    const ok = data.v === CACHE_VERSION && typeof data.key === 'string' && n >= 0 &&
      [data.rows, data.via, data.on].every((a) => Array.isArray(a) && a.length === n);
    return ok ? { key: data.key, oids: data.oids, rows: data.rows, via: data.via, on: data.on } : empty;
  } catch {
    return empty;
  }
}

export async function writeListingCache(repo: Repo, cache: ListingCache): Promise<void> {
  const body = JSON.stringify({ v: CACHE_VERSION, ...cache });
  // A failed cache write only costs speed next time.
  await repo.writeGitFile(CACHE_FILE, body, 'common').catch(() => {});
}

/** Drops the listing cache (`doctor --fix`). */
export async function clearListingCache(repo: Repo): Promise<void> {
  await repo.deleteGitFile(CACHE_FILE, 'common');
}

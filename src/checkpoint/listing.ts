/**
 * Every checkpoint reachable from the chains (own and fetched), validated.
 * One `for-each-ref`; one `log` over all chains unless the chain tips are the
 * ones seen last time; then only the commits never seen before are read and
 * validated. Both results are kept in a listing cache (keyed by commit ids and
 * by the set of tips: objects never change, so it cannot go stale;
 * `doctor --fix` drops it).
 */
import type { Repo } from '../git/repo.js';
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

type CacheEntry = Omit<CheckpointSummary, 'remote' | 'commit'> | { invalid: string; id: string | null };
const CACHE_FILE = 'list-cache.json';
const CACHE_VERSION = 2;

/** Lists checkpoints; `local` keeps only the clone's own chains. */
export async function loadListing(repo: Repo, opts: { local?: boolean } = {}): Promise<Listing> {
  const refs = (await repo.listRefs(CHAINS_PREFIX)).flatMap((r) => {
    const parsed = parseChainRef(r.name);
    return parsed ? [{ ...parsed, oid: r.oid }] : [];
  });
  const localWriters = new Set(refs.filter((r) => r.remote === null).map((r) => r.writer));
  const remoteOf = new Map<string, string>();
  for (const r of refs) if (r.remote !== null && !remoteOf.has(r.writer)) remoteOf.set(r.writer, r.remote);
  const tips = [...new Set(refs.filter((r) => !opts.local || r.remote === null).map((r) => r.oid))];
  const cache = await readCache(repo);
  const tipsKey = [...tips].sort().join(',');
  const oids = cache.walks.get(tipsKey) ?? (await repo.walkCommitIds(tips));
  const misses = oids.filter((oid) => !cache.entries.has(oid));
  const read = await Promise.all(misses.map((oid) => summarize(repo, oid)));
  misses.forEach((oid, i) => cache.entries.set(oid, read[i]!));
  const entries = oids.map((oid) => [oid, cache.entries.get(oid)!] as const);
  const listing: Listing = { checkpoints: [], invalid: [], localWriters };
  const seen = new Set<string>();
  const fresh: ListingCache = { entries: new Map(), walks: new Map([[tipsKey, oids]]) };
  for (const [oid, entry] of entries) {
    fresh.entries.set(oid, entry);
    if ('invalid' in entry) {
      listing.invalid.push({ commit: oid, id: entry.id, error: entry.invalid });
      continue;
    }
    if ((opts.local && !localWriters.has(entry.writer)) || seen.has(entry.id)) continue;
    seen.add(entry.id);
    const remote = localWriters.has(entry.writer) ? null : (remoteOf.get(entry.writer) ?? null);
    listing.checkpoints.push({ ...entry, commit: oid, remote });
  }
  sortNewestFirst(listing.checkpoints);
  const other = [...cache.walks].find(([key]) => key !== tipsKey);
  if (other && other[1].every((oid) => fresh.entries.has(oid) || cache.entries.has(oid))) {
    // Keep the other view (all chains vs --local) when its entries are still known.
    fresh.walks.set(other[0], other[1]);
    for (const oid of other[1]) if (!fresh.entries.has(oid)) fresh.entries.set(oid, cache.entries.get(oid)!);
  }
  if (!cache.walks.has(tipsKey) || misses.length || fresh.entries.size !== cache.entries.size) await writeCache(repo, fresh);
  return listing;
}

/** Sorts newest first by creation time; stable, so within one instant git log's order (children first) stands. */
export function sortNewestFirst<T extends { createdAt: string }>(items: T[]): void {
  const time = new Map(items.map((c) => [c, Date.parse(c.createdAt)]));
  items.sort((a, b) => time.get(b)! - time.get(a)!);
}

async function summarize(repo: Repo, oid: string): Promise<CacheEntry> {
  const commit = await repo.readCommit(oid);
  if (!commit) return { invalid: 'not a commit', id: null };
  const facts = parseMessage(commit.message);
  const blob = await repo.readBlobAt(oid, 'checkpoint.json');
  if (!blob) return { invalid: 'checkpoint.json: missing from the commit tree', id: facts.id };
  // zod loads only when a commit is not in the cache yet: a warm `list` never pays for it.
  const { parseRecord } = await import('./schema.js');
  const parsed = parseRecord(blob);
  if (!parsed.ok) return { invalid: parsed.error, id: facts.id };
  const r = parsed.value;
  if (facts.id !== r.id || facts.writer !== r.writer) {
    return { invalid: `trailers: Checkpoint-Id/Writer disagree with the record (${r.id}, ${r.writer})`, id: facts.id };
  }
  return {
    id: r.id, createdAt: r.createdAt, branch: r.git.branch, writer: r.writer, label: r.label,
    title: r.task.title, status: r.task.status, head: r.git.head,
  };
}

interface ListingCache {
  /** Validated summaries by commit id: objects never change, so entries never go stale. */
  entries: Map<string, CacheEntry>;
  /** The walk (commit ids, in git log order) from a set of chain tips, keyed by the sorted tips. */
  walks: Map<string, string[]>;
}

async function readCache(repo: Repo): Promise<ListingCache> {
  const empty: ListingCache = { entries: new Map(), walks: new Map() };
  const text = await repo.readGitFile(CACHE_FILE, 'common');
  if (!text) return empty;
  try {
    const data = JSON.parse(text) as { v: number; entries: Record<string, CacheEntry>; walks: Record<string, string[]> };
    if (data.v !== CACHE_VERSION) return empty;
    return { entries: new Map(Object.entries(data.entries)), walks: new Map(Object.entries(data.walks)) };
  } catch {
    return empty;
  }
}

async function writeCache(repo: Repo, cache: ListingCache): Promise<void> {
  const body = JSON.stringify({ v: CACHE_VERSION, entries: Object.fromEntries(cache.entries), walks: Object.fromEntries(cache.walks) });
  // A failed cache write only costs speed next time.
  await repo.writeGitFile(CACHE_FILE, body, 'common').catch(() => {});
}

/** Drops the listing cache (`doctor --fix`). */
export async function clearListingCache(repo: Repo): Promise<void> {
  await repo.deleteGitFile(CACHE_FILE, 'common');
}

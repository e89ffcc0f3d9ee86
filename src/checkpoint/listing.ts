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
  // The own chain is authoritative for a local writer: its fetched copy may still
  // hold what prune/drop removed here and not yet pushed.
  const wanted = refs.filter((r) => r.remote === null || (!opts.local && !localWriters.has(r.writer)));
  const tips = [...new Set(wanted.map((r) => r.oid))];
  const cache = await readCache(repo);
  const { oids, entries } = await summarizeWalk(repo, tips, cache);
  const listing: Listing = { checkpoints: [], invalid: [], localWriters };
  const seen = new Set<string>();
  oids.forEach((oid, i) => {
    const entry = entries[i]!;
    if ('invalid' in entry) {
      listing.invalid.push({ commit: oid, id: entry.id, error: entry.invalid });
      return;
    }
    if ((opts.local && !localWriters.has(entry.writer)) || seen.has(entry.id)) return;
    seen.add(entry.id);
    const remote = localWriters.has(entry.writer) ? null : (remoteOf.get(entry.writer) ?? null);
    listing.checkpoints.push({ ...entry, commit: oid, remote });
  });
  listing.checkpoints = sortNewestFirst(listing.checkpoints);
  const walkKey = walkKeyOf(tips);
  if (cache.walk?.key !== walkKey || oids.length !== cache.entries.size || oids.some((o) => !cache.entries.has(o))) {
    await writeCache(repo, { entries: new Map(oids.map((o, i) => [o, entries[i]!])), walk: { key: walkKey, oids } });
  }
  return listing;
}

/**
 * The commits reachable from `tips` (git log order) and their summaries.
 * When the tips are those of the last listing, the walk itself comes from
 * the cache: commits never change, so the same tips reach the same commits.
 */
async function summarizeWalk(repo: Repo, tips: string[], cache: Cache): Promise<{ oids: string[]; entries: CacheEntry[] }> {
  const memo = cache.walk?.key === walkKeyOf(tips) ? cache.walk.oids : null;
  if (memo && memo.every((o) => cache.entries.has(o))) return { oids: memo, entries: memo.map((o) => cache.entries.get(o)!) };
  const commits = await repo.walkCommits(tips);
  // Misses are read concurrently: the CLI backend pipelines them through one cat-file --batch.
  const entries = await Promise.all(commits.map((c) => cache.entries.get(c.oid) ?? summarize(repo, c)));
  return { oids: commits.map((c) => c.oid), entries };
}

function walkKeyOf(tips: string[]): string {
  return [...tips].sort().join(' ');
}

/** Newest first; stable, so within one millisecond git log's order (children before parents) stands. */
function sortNewestFirst(list: CheckpointSummary[]): CheckpointSummary[] {
  const times = list.map((c) => Date.parse(c.createdAt));
  return list.map((_, i) => i).sort((a, b) => times[b]! - times[a]! || a - b).map((i) => list[i]!);
}

/** Newest first by creation time (compared as instants: older records may lack milliseconds). */
export function newestFirst(a: { createdAt: string }, b: { createdAt: string }): number {
  return Date.parse(b.createdAt) - Date.parse(a.createdAt);
}

async function summarize(repo: Repo, commit: CommitInfo): Promise<CacheEntry> {
  const facts = parseMessage(commit.message);
  const blob = await repo.readBlobAt(commit.oid, 'checkpoint.json');
  if (!blob) return { invalid: 'checkpoint.json: missing from the commit tree', id: facts.id };
  // The schema (zod) loads only when a commit is not in the cache: a warm `list` never builds it.
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

interface Cache {
  entries: Map<string, CacheEntry>;
  /** The last walk: its tips (sorted, joined) and the commits it reached, in order. */
  walk: { key: string; oids: string[] } | null;
}

async function readCache(repo: Repo): Promise<Cache> {
  const empty: Cache = { entries: new Map(), walk: null };
  const text = await repo.readGitFile(CACHE_FILE, 'common');
  if (!text) return empty;
  try {
    const data = JSON.parse(text) as { v: number; entries: Record<string, CacheEntry>; walk?: Cache['walk'] };
    if (data.v !== CACHE_VERSION) return empty;
    const walk = data.walk && typeof data.walk.key === 'string' && Array.isArray(data.walk.oids) ? data.walk : null;
    return { entries: new Map(Object.entries(data.entries)), walk };
  } catch {
    return empty;
  }
}

async function writeCache(repo: Repo, cache: Cache): Promise<void> {
  const body = JSON.stringify({ v: CACHE_VERSION, entries: Object.fromEntries(cache.entries), walk: cache.walk });
  // A failed cache write only costs speed next time.
  await repo.writeGitFile(CACHE_FILE, body, 'common').catch(() => {});
}

/** Drops the listing cache (`doctor --fix`). */
export async function clearListingCache(repo: Repo): Promise<void> {
  await repo.deleteGitFile(CACHE_FILE, 'common');
}

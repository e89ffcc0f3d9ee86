/**
 * Every checkpoint reachable from the chains (own and fetched), validated.
 * One `for-each-ref`, one `log` over all chains, then only the commits never
 * seen before are read and validated: the results are kept in a listing
 * cache keyed by commit id (objects never change, so the cache cannot go stale;
 * `doctor --fix` rebuilds it).
 */
import type { CommitInfo, Repo } from '../git/repo.js';
import { attributeCommits } from './chain-attribution.js';
import { MAX_COMMIT_PARENTS, walkChains } from './chain-walk.js';
import { readListingCache, walkKeyOf, writeListingCache, type CacheEntry, type ListingCache } from './listing-cache.js';
import { assembleListing, type Walk, type WalkedRef } from './listing-trust.js';
import { parseMessage } from './message.js';
import { CHAINS_PREFIX, parseChainRef } from './refs.js';
import type { CheckpointRecord } from './schema.js';

export { clearListingCache } from './listing-cache.js';

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
  /** What the listing orders by (ms): `createdAt` capped by the commit's time; far below any date when dated in the future. */
  time: number;
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
  /** What fetched chains say about themselves that is not so (SPEC §9), one line each, naming the ref. */
  warnings: string[];
  /** True when this clone holds any fetched chain. */
  hasFetched: boolean;
}

/**
 * Lists checkpoints; `local` keeps only the clone's own chains. `now` (ms)
 * lets records dated beyond it be ordered as the oldest; without it no date
 * counts as in the future.
 */
export async function loadListing(repo: Repo, opts: { local?: boolean; now?: number } = {}): Promise<Listing> {
  const all = (await repo.listRefs(CHAINS_PREFIX)).flatMap((r) => {
    const parsed = parseChainRef(r.name);
    return parsed ? [{ ...parsed, name: r.name, oid: r.oid }] : [];
  });
  const localWriters = new Set(all.filter((r) => r.remote === null).map((r) => r.writer));
  // The own chain is authoritative for a local writer: its fetched copy may still
  // hold what prune/drop removed here and not yet pushed. Own chains come first:
  // a commit on both an own and a fetched chain is read as the own one.
  const wanted = [
    ...all.filter((r) => r.remote === null),
    ...all.filter((r) => r.remote !== null && !opts.local && !localWriters.has(r.writer)),
  ];
  const key = `${walkKeyOf(wanted)}\0${Boolean(opts.local)}\0${opts.now ?? Infinity}`;
  const known = lastListing.get(repo);
  if (known?.key === key) return copyListing(known.listing);
  const cache = await readListingCache(repo);
  const walk = await summarizeWalk(repo, wanted, cache);
  const assembled = assembleListing(wanted, walk, { local: Boolean(opts.local), now: opts.now ?? Infinity });
  const listing: Listing = { ...assembled, localWriters, hasFetched: all.some((r) => r.remote !== null) };
  listing.invalid.unshift(...walk.broken);
  // A walk that met a broken ref is not cached: the next listing must report it again.
  const walkKey = walk.broken.length ? '' : walkKeyOf(wanted);
  if (cache.key !== walkKey || cache.oids.length !== walk.oids.length || walk.oids.some((o, i) => cache.oids[i] !== o)) {
    await writeListingCache(repo, { key: walkKey, oids: walk.oids, rows: walk.entries, via: Array.from(walk.via), on: Array.from(walk.on) });
  }
  if (walkKey) lastListing.set(repo, { key, listing: copyListing(listing) });
  return listing;
}

/**
 * The last listing of each open repository (the MCP server lists on every
 * call): the same chain tips reach the same commits, so while every ref
 * points where it did the listing is the same, and neither the cache file
 * nor the walk is read again.
 */
const lastListing = new WeakMap<Repo, { key: string; listing: Listing }>();

/** A listing its caller may change without changing the one remembered. */
function copyListing(l: Listing): Listing {
  return { ...l, checkpoints: [...l.checkpoints], invalid: [...l.invalid], warnings: [...l.warnings], localWriters: new Set(l.localWriters) };
}

interface WalkedChains extends Walk {
  oids: string[];
  entries: CacheEntry[];
  /** Refs that lead to no readable commit, reported as invalid. */
  broken: InvalidCheckpoint[];
}

/**
 * The commits reachable from the chains (git log order), their summaries,
 * and which chain each was read from. When the refs are those of the last
 * listing, the walk itself comes from the cache: commits never change, so
 * the same tips reach the same commits.
 */
async function summarizeWalk(repo: Repo, refs: (WalkedRef & { oid: string })[], cache: ListingCache): Promise<WalkedChains> {
  if (cache.key && cache.key === walkKeyOf(refs)) {
    return { oids: cache.oids, entries: cache.rows, via: cache.via, on: cache.on, broken: [] };
  }
  const broken: InvalidCheckpoint[] = [];
  const commits = await walkChains(repo, refs, broken);
  const known = new Map(cache.oids.map((o, i) => [o, cache.rows[i]!]));
  // Misses are read concurrently: the CLI backend pipelines them through one cat-file --batch.
  const entries = await Promise.all(commits.map((c) => known.get(c.oid) ?? summarize(repo, c)));
  const writerOf = (i: number) => { const e = entries[i]!; return Array.isArray(e) ? e[3] : null; };
  const { via, onChain } = attributeCommits(refs, commits, writerOf);
  return { oids: commits.map((c) => c.oid), entries, via, on: onChain, broken };
}

async function summarize(repo: Repo, commit: CommitInfo): Promise<CacheEntry> {
  const facts = parseMessage(commit.message);
  if (commit.parents.length > MAX_COMMIT_PARENTS) {
    return { invalid: `has ${commit.parents.length} parents, more than a checkpoint can have (${MAX_COMMIT_PARENTS})`, id: facts.id };
  }
  // The schema (zod) loads only when a commit is not in the cache: a warm `list` never builds it.
  const { readRecordAt, trailerMismatch } = await import('./read-record.js');
  const parsed = await readRecordAt(repo, commit.oid);
  if (!parsed.ok) return { invalid: parsed.error, id: facts.id };
  const r = parsed.value;
  const mismatch = trailerMismatch(facts, r);
  if (mismatch) return { invalid: mismatch, id: facts.id };
  return [r.id, r.createdAt, r.git.branch, r.writer, r.label, r.task.title, r.task.status, r.git.head, commit.committer.timestamp];
}

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
import { readRecordAt, trailerMismatch } from './read-record.js';
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
// Version 2: records are checked against every trailer; entries of version 1 are re-validated.
const CACHE_VERSION = 2;

/** Lists checkpoints; `local` keeps only the clone's own chains. */
export async function loadListing(repo: Repo, opts: { local?: boolean } = {}): Promise<Listing> {
  const refs = (await repo.listRefs(CHAINS_PREFIX)).flatMap((r) => {
    const parsed = parseChainRef(r.name);
    return parsed ? [{ ...parsed, oid: r.oid, name: r.name }] : [];
  });
  const localWriters = new Set(refs.filter((r) => r.remote === null).map((r) => r.writer));
  const remoteOf = new Map<string, string>();
  for (const r of refs) if (r.remote !== null && !remoteOf.has(r.writer)) remoteOf.set(r.writer, r.remote);
  const wanted = refs.filter((r) => !opts.local || r.remote === null);
  const listing: Listing = { checkpoints: [], invalid: [], localWriters };
  const commits = await walkChains(repo, wanted, listing.invalid);
  const cache = await readCache(repo);
  const fresh = new Map<string, CacheEntry>();
  const entries = await Promise.all(commits.map(async (c) => [c, cache.get(c.oid) ?? (await summarize(repo, c))] as const));
  const seen = new Set<string>();
  for (const [commit, entry] of entries) {
    fresh.set(commit.oid, entry);
    if ('invalid' in entry) {
      listing.invalid.push({ commit: commit.oid, id: entry.id, error: entry.invalid });
      continue;
    }
    if (opts.local && !localWriters.has(entry.writer)) continue;
    if (seen.has(entry.id)) continue;
    seen.add(entry.id);
    const remote = localWriters.has(entry.writer) ? null : (remoteOf.get(entry.writer) ?? null);
    listing.checkpoints.push({ ...entry, commit: commit.oid, remote });
  }
  // Stable: within one millisecond, git log's order (children before parents) stands.
  listing.checkpoints.sort(newestFirst);
  if (fresh.size !== cache.size || [...fresh.keys()].some((k) => !cache.has(k))) await writeCache(repo, fresh);
  return listing;
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

/** Newest first by creation time (compared as instants: older records may lack milliseconds). */
export function newestFirst(a: { createdAt: string }, b: { createdAt: string }): number {
  return Date.parse(b.createdAt) - Date.parse(a.createdAt);
}

async function summarize(repo: Repo, commit: CommitInfo): Promise<CacheEntry> {
  const facts = parseMessage(commit.message);
  const parsed = await readRecordAt(repo, commit.oid);
  if (!parsed.ok) return { invalid: parsed.error, id: facts.id };
  const r = parsed.value;
  const mismatch = trailerMismatch(facts, r);
  if (mismatch) return { invalid: mismatch, id: facts.id };
  return {
    id: r.id, createdAt: r.createdAt, branch: r.git.branch, writer: r.writer, label: r.label,
    title: r.task.title, status: r.task.status, head: r.git.head,
  };
}

async function readCache(repo: Repo): Promise<Map<string, CacheEntry>> {
  const text = await repo.readGitFile(CACHE_FILE, 'common');
  if (!text) return new Map();
  try {
    const data = JSON.parse(text) as { v: number; entries: Record<string, CacheEntry> };
    return data.v === CACHE_VERSION ? new Map(Object.entries(data.entries)) : new Map();
  } catch {
    return new Map();
  }
}

async function writeCache(repo: Repo, entries: Map<string, CacheEntry>): Promise<void> {
  const body = JSON.stringify({ v: CACHE_VERSION, entries: Object.fromEntries(entries) });
  // A failed cache write only costs speed next time.
  await repo.writeGitFile(CACHE_FILE, body, 'common').catch(() => {});
}

/** Drops the listing cache (`doctor --fix`). */
export async function clearListingCache(repo: Repo): Promise<void> {
  await repo.deleteGitFile(CACHE_FILE, 'common');
}

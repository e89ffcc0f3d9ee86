/**
 * A page of the listing, as `list` and the MCP `checkpoint_list` tool show
 * it: the newest rows that pass the filters and whose records are valid.
 * Only those records are read (and the invalid ones met on the way); the
 * newest rows, unfiltered, come from the head of the last listing and
 * `-n 0` or filtered pages from the whole last listing while no chain moved.
 */
import type { Repo } from '../../git/repo.js';
import { checkListed, loadListing, nextCut, partialListing } from './listing.js';
import type { CheckpointSummary, ColdWalk, Listing } from './types.js';
import { COLD_CUTS } from './listing-cold.js';
import { VIEW_HEAD_ROWS } from './listing-view.js';

export interface ListFilters {
  branch?: string | null | undefined;
  writer?: string | undefined;
  label?: string | undefined;
  since?: Date | null | undefined;
}

export interface ListPage {
  listing: Listing;
  shown: CheckpointSummary[];
  /** The matching rows not found invalid. */
  total: number;
}

/** The listed checkpoints (newest first) that pass every filter given. */
export function filterCheckpoints(listing: Listing, f: ListFilters): CheckpointSummary[] {
  return listing.checkpoints.filter(
    (c) =>
      (f.branch === undefined || c.branch === f.branch) &&
      (f.writer === undefined || c.writer === f.writer) &&
      (f.label === undefined || c.label === f.label) &&
      (!f.since || Date.parse(c.createdAt) >= f.since.getTime()),
  );
}

/** The newest `limit` (0: all) valid checkpoints passing `filters`; `local`: the clone's own chains only. */
export async function listPage(repo: Repo, opts: { filters: ListFilters; limit: number; local: boolean; now: number }): Promise<ListPage> {
  const { filters, limit, local, now } = opts;
  const unfiltered = filters.branch === undefined && filters.writer === undefined && filters.label === undefined && !filters.since;
  const head = !local && unfiltered && limit > 0 && limit <= VIEW_HEAD_ROWS;
  let listing: Listing | undefined;
  const load = (fromHead: boolean, cold?: ColdWalk) => loadListing(repo, { local, now, lazy: true, head: fromHead, all: !fromHead, cold, ...(listing ? { sameRefsAs: listing } : {}) });
  listing = await load(head, { cut: COLD_CUTS[0], total: true });
  let page = await pageOf(repo, listing, filters, limit);
  // With no cache, a longer walk of the newest commits, then the whole listing.
  for (let cut = nextCut(listing); !page && cut; cut = nextCut(listing)) page = await pageOf(repo, (listing = await load(true, cut)), filters, limit);
  if (!page) page = await pageOf(repo, (listing = await load(false)), filters, limit);
  return { listing, ...page! };
}

/** A page of the listing; null when a listing read from the head cannot answer (a row was invalid, or the page goes past the head). */
async function pageOf(repo: Repo, listing: Listing, filters: ListFilters, limit: number): Promise<{ shown: CheckpointSummary[]; total: number } | null> {
  const partial = partialListing(listing);
  if (!partial) return firstValid(repo, listing, filterCheckpoints(listing, filters), limit === 0 ? Infinity : limit);
  const rows = listing.checkpoints.slice(0, partial.headRows);
  const page = await firstValid(repo, listing, rows, limit);
  const past = page.shown.length < limit || page.read >= rows.length;
  // Checking may have found rows invalid: the total after it.
  const after = partialListing(listing)!;
  if (after.stale || (past && after.total > rows.length)) return null;
  return { shown: page.shown, total: after.total };
}

/**
 * The newest `limit` of `matching` whose records are valid: only those, the
 * invalid ones met on the way, and any row whose commit time could still
 * beat a shown one's record date are read. `total` counts the matching rows
 * not found invalid; rows past the shown ones are counted from their commit
 * messages.
 */
async function firstValid(repo: Repo, listing: Listing, matching: CheckpointSummary[], limit: number): Promise<{ shown: CheckpointSummary[]; total: number; read: number }> {
  let shown: CheckpointSummary[] = [];
  let next = 0;
  let invalid = 0;
  while (next < matching.length) {
    const full = shown.length >= limit;
    // Rows are ordered by the latest time each could claim: past the oldest shown one, none can be newer.
    if (full && matching[next]!.time <= shown[shown.length - 1]!.time) break;
    const batch = matching.slice(next, next + (full ? 1 : Math.min(limit - shown.length, 10_000)));
    next += batch.length;
    const valid = await checkListed(repo, listing, batch);
    invalid += batch.length - valid.length;
    shown = [...shown, ...valid].sort((a, b) => b.time - a.time).slice(0, limit);
  }
  return { shown, total: matching.length - invalid, read: next };
}

/**
 * Every checkpoint reachable from the chains (own and fetched). One
 * `for-each-ref`; a `log` only of what moved since the listing cache last
 * saw the chains; rows come from the commit messages (SPEC §3 trailers),
 * and records are read and validated once each, kept in the cache (objects
 * never change, so it cannot go stale; `doctor --fix` rebuilds it). A lazy
 * listing reads no record: the caller checks the rows it shows
 * (`checkListed`), which drops the invalid ones.
 */
import type { Repo } from '../../git/repo.js';
import { attributeCommits } from './chain-attribution.js';
import { MAX_COMMIT_PARENTS } from './chain-walk.js';
import { clearListingCache as clearStore, emptyStore, flushListingStore, readListingStore, walkKeyOf, type CacheEntry, type ListingStore } from './listing-cache.js';
import { checkCommits } from './listing-check.js';
import { assembleListing, orderTime, type WalkedRef } from './listing-trust.js';
import { reachFromStore, updateStore } from './listing-walk.js';
import { advanceView } from './listing-advance.js';
import { advanceCold, COLD_CUTS, coldHead, type ColdHead } from './listing-cold.js';
import { makeView, readView, writeView, type ListingView } from './listing-view.js';
import { CHAINS_PREFIX, parseChainRef } from '../store/refs.js';
import type { CheckpointSummary, ColdWalk, InvalidCheckpoint, Listing } from './types.js';
import { findCollisions, visibleChains, type WriterCollision } from './writer-copies.js';

/** What a lazy listing needs to check its rows later. */
interface Pending {
  store: ListingStore;
  now: number;
  refOf: Map<string, string>;
  live: Set<string>;
  /** The view written for this listing (kept current as rows are checked), or the view it was read from. */
  view: ListingView | null;
  /** The whole listing as written for it (kept current the same way), or the one it was read from. */
  fullView: ListingView | null;
  /** Read from the view: only its rows are known. */
  partial: boolean;
  /** A partial listing whose view turned out wrong (a record in it is invalid): list again in full. */
  stale?: boolean;
  /** Read with no listing cache (`coldHead`): how, and the time every row the walk did not reach is at or below. */
  cold?: ColdWalk & { floor: number };
}
const pendingChecks = new WeakMap<Listing, Pending>();

/**
 * For a listing read from the view or, with no cache, from the newest
 * commits (`head`): how many rows the full listing has, how many of the
 * newest are here, and (`cold`) how far the walk went.
 */
export function partialListing(listing: Listing): { total: number; headRows: number; stale: boolean; cold: (ColdWalk & { floor: number }) | null } | null {
  const p = pendingChecks.get(listing);
  if (!p?.partial || !p.view) return null;
  return { total: p.view.total, headRows: p.view.rows.filter((r) => r.head).length, stale: Boolean(p.stale), cold: p.cold ?? null };
}

/** The own chain of `mine` (all own chains without it): the rows `latest` looks for first. */
function ownRefsOf<R extends { remote: string | null; writer: string }>(refs: readonly R[], mine: string | undefined): R[] {
  return refs.filter((r) => r.remote === null && (mine === undefined || r.writer === mine));
}

/**
 * The head of `writer`'s own chain kept by the last `latest` read with no
 * listing cache (list-own.json), moved forward if the chain moved; null when
 * there is none. Only that one ref is read: `latest` is this writer's newest
 * on the branch when there is one, whatever other chains hold.
 */
export async function ownHead(repo: Repo, writer: string, now: number): Promise<Listing | null> {
  const name = `${CHAINS_PREFIX}${writer}`;
  const oid = await repo.readRef(name).catch(() => null);
  return oid ? keptOwnHead(repo, [{ name, writer, remote: null, oid }], now, 0) : null;
}

/**
 * The own chains' head kept by the last walk of them (list-own.json), when
 * it walked at least `cut` commits, moved forward to `refs` if they moved
 * (a fetch does not matter); objects never change, so it answers whatever
 * else is or is not cached. Null when there is none that can.
 */
async function keptOwnHead(repo: Repo, refs: readonly (WalkedRef & { oid: string })[], now: number, cut: number): Promise<Listing | null> {
  let kept = await readView(repo, now, 'own');
  if (!kept?.cold?.own || kept.cold.cut < cut) return null;
  const key = walkKeyOf(refs);
  if (kept.key !== key) {
    kept = await advanceCold(repo, kept, refs, key, now);
    if (!kept) return null;
    await writeView(repo, kept, 'own');
  }
  return listingFromView(kept, now, false);
}

/** The walk `cold` asks for: of the own chains only when asked, or when `mine` has one of them. */
function coldWalk(cold: ColdWalk, localWriters: ReadonlySet<string>): ColdWalk & { own: boolean } {
  return { ...cold, own: Boolean(cold.own || (cold.mine !== undefined && localWriters.has(cold.mine))) };
}

/** The next walk to try after a listing read with no cache could not answer; undefined past the last. */
export function nextCut(listing: Listing): ColdWalk | undefined {
  const cold = partialListing(listing)?.cold;
  // A walk that reached every commit it could has nothing more to find.
  const cut = cold && cold.floor !== Number.MIN_SAFE_INTEGER ? COLD_CUTS.find((c) => c > cold.cut) : undefined;
  return cold && cut ? { cut, own: cold.own, total: cold.total } : undefined;
}

/**
 * Lists checkpoints; `local` keeps only the clone's own chains. `now` (ms)
 * lets records dated beyond it be ordered as the oldest; without it no date
 * counts as in the future. `lazy` reads no record not already checked: rows
 * are what the commit messages say until `checkListed` checks them. With
 * `lazy`, `head` answers from the head of the last listing and `all` from
 * the whole last listing (kept for the next one) while no chain moved.
 * With `head` and `cold`, a clone with no listing cache answers from the
 * newest `cold` commits when their trailers allow (`coldHead`), writing nothing.
 */
export async function loadListing(repo: Repo, opts: ListingOptions = {}): Promise<Listing> {
  const all = (opts.sameRefsAs && refsSeen.get(opts.sameRefsAs)) || (await repo.listRefs(CHAINS_PREFIX)).flatMap((r) => {
    const parsed = parseChainRef(r.name);
    return parsed ? [{ ...parsed, name: r.name, oid: r.oid }] : [];
  });
  const collisions = opts.local ? [] : await findCollisions(repo, all);
  const listing = await listChains(repo, all, collisions, opts);
  refsSeen.set(listing, all);
  listing.collisions = collisions;
  return listing;
}

interface ListingOptions {
  local?: boolean;
  now?: number | undefined;
  lazy?: boolean;
  head?: boolean;
  all?: boolean;
  cold?: ColdWalk | undefined;
  /** The chain refs as this listing saw them (a listing again in the same command: 1,000 refs are not read twice). */
  sameRefsAs?: Listing;
}

type ChainRef = NonNullable<ReturnType<typeof parseChainRef>> & { name: string; oid: string };
/** The chain refs each listing was made from. */
const refsSeen = new WeakMap<Listing, ChainRef[]>();

async function listChains(repo: Repo, all: ChainRef[], collisions: WriterCollision[], opts: ListingOptions): Promise<Listing> {
  const localWriters = new Set(all.filter((r) => r.remote === null).map((r) => r.writer));
  // The own chain is authoritative for a local writer: its fetched copy may still hold what prune/drop
  // removed here and not yet pushed; it is read only when it holds another copy's line of work
  // (writer-copies.ts). Own chains come first: a commit on both is read as the own one.
  const wanted = visibleChains(all, collisions, Boolean(opts.local));
  const key = `${walkKeyOf(all)}\0${Boolean(opts.local)}\0${opts.now ?? Infinity}\0${Boolean(opts.lazy)}`;
  const known = lastListing.get(repo);
  if (known?.key === key) return copyListing(known.listing, known.pending);
  const viewKey = walkKeyOf(wanted);
  if (opts.head && opts.lazy && !opts.local) {
    const now = opts.now ?? Infinity;
    const kept = opts.cold && coldWalk(opts.cold, localWriters).own ? await keptOwnHead(repo, ownRefsOf(wanted, opts.cold.mine), now, opts.cold.cut) : null;
    if (kept) return kept;
    let view = await readView(repo, now);
    // A head read with no cache answers only callers that know its limits, only as far as it walked,
    // and not a `latest` the own chains answer (coldWalk).
    if (view?.cold && !(opts.cold && !coldWalk(opts.cold, localWriters).own && view.cold.cut >= opts.cold.cut)) view = null;
    if (view && view.key !== viewKey) {
      view = view.cold ? await advanceCold(repo, view, wanted, viewKey, now) : await advanceView(repo, view, wanted, viewKey, now);
      if (view) await writeView(repo, view);
    }
    if (view) return listingFromView(view, now, false);
  }
  const whole = Boolean(opts.all && opts.lazy && !opts.local);
  if (whole) {
    const view = await readView(repo, opts.now ?? Infinity, 'all');
    if (view?.key === viewKey) return listingFromView(view, opts.now ?? Infinity, true);
  }
  const store = await readListingStore(repo);
  if (opts.cold && opts.head && opts.lazy && !opts.local && !store.tips.size) {
    const now = opts.now ?? Infinity;
    const walk = coldWalk(opts.cold, localWriters);
    const { cut, own } = walk;
    const refs = own ? ownRefsOf(wanted, walk.mine) : wanted;
    const key = walkKeyOf(refs);
    // The own chains read whole are the answer for them; all chains read whole are as cheap to list in full.
    const head = await coldHead(repo, refs, now, { cut, count: Boolean(walk.total), ownOnly: own });
    // Kept for the next command: the own chains' newest (list-own.json), or a counted head of every chain
    // (list-view.json); nothing else is written.
    const keep = own || Boolean(walk.total);
    if (head) {
      const listing = coldListing(head, { key, now, walk, keep, localWriters, hasFetched: all.some((r) => r.remote !== null) });
      if (keep) await writeView(repo, pendingChecks.get(listing)!.view, own ? 'own' : 'head');
      return listing;
    }
  }
  const broken: InvalidCheckpoint[] = [];
  await updateStore(repo, store, wanted, broken);
  const reached = reachFromStore(store, wanted);
  if (!opts.lazy) await checkCommits(repo, store, reached.map((c) => c.oid).filter((oid) => !store.checked.has(oid)));
  const entries = reached.map((c) => entryOf(store, c.oid));
  const writerOf = (i: number) => { const e = entries[i]!; return Array.isArray(e) ? e[3] : null; };
  const { via, onChain } = attributeCommits(wanted, reached, writerOf);
  const now = opts.now ?? Infinity;
  const walk = { oids: reached.map((c) => c.oid), entries, via, on: onChain };
  const assembled = assembleListing(wanted, walk, { local: Boolean(opts.local), now });
  const listing: Listing = { ...assembled, localWriters, hasFetched: all.some((r) => r.remote !== null) };
  listing.invalid.unshift(...broken);
  const live = new Set(walk.oids);
  await flushListingStore(repo, store, live);
  const refOf = new Map(walk.oids.map((oid, i) => [oid, wanted[via[i]!]?.name ?? '']));
  const view = opts.local || broken.length ? null : makeView(viewKey, listing, store, refOf);
  if (!opts.local) await writeView(repo, view);
  const fullView = whole && !broken.length ? makeView(viewKey, listing, store, refOf, true) : null;
  if (whole) await writeView(repo, fullView, 'all');
  if (opts.lazy) pendingChecks.set(listing, { store, now, refOf, live, view, fullView, partial: false });
  if (!broken.length) lastListing.set(repo, { key, listing: copyListing(listing, pendingChecks.get(listing)), pending: pendingChecks.get(listing) });
  return listing;
}

/**
 * The last listing of each open repository (the MCP server lists on every
 * call): the same chain tips reach the same commits, so while every chain
 * ref, own and fetched, points where it did the listing is the same, and
 * neither the cache file nor the walk is read again.
 */
const lastListing = new WeakMap<Repo, { key: string; listing: Listing; pending: Pending | undefined }>();

/** A listing its caller may change without changing the one remembered (a lazy one checks into the same cache). */
function copyListing(l: Listing, pending: Pending | undefined): Listing {
  const copy = { ...l, checkpoints: [...l.checkpoints], invalid: [...l.invalid], warnings: [...l.warnings], localWriters: new Set(l.localWriters) };
  if (pending) pendingChecks.set(copy, pending);
  return copy;
}

/** A stored commit as the listing's trust rules see it. */
function entryOf(store: ListingStore, oid: string): CacheEntry {
  const c = store.commits.get(oid)!;
  if (c.parents.length > MAX_COMMIT_PARENTS) {
    return { invalid: `has ${c.parents.length} parents, more than a checkpoint can have (${MAX_COMMIT_PARENTS})`, id: c.id };
  }
  const checked = store.checked.get(oid);
  if (checked && 'invalid' in checked) return { invalid: checked.invalid, id: c.id };
  if (!checked) {
    // Without trailers nothing can be listed before its record is read (and it will not match them).
    if (c.id === null || c.writer === null) return { skip: true };
    // Ordered by the latest time its record could claim (the end of its commit's second): checking it
    // can only move it down, so whoever stops at a checked row has not passed over a newer one.
    return [c.id, new Date(c.committed * 1000 + 999).toISOString(), c.branch, c.writer, c.label, c.title, 'in_progress', null, c.committed, false];
  }
  return [c.id ?? '', checked.createdAt, c.branch, c.writer ?? '', c.label, checked.title, checked.status, checked.head, c.committed, true];
}

/**
 * Reads and validates the records of `summaries` (rows of a lazy `listing`)
 * not checked yet, at most a few at a time. The valid ones get their
 * record's date, status, head and title; the invalid ones leave
 * `listing.checkpoints` for `listing.invalid`. Returns the valid ones, in order.
 */
export async function checkListed(repo: Repo, listing: Listing, summaries: readonly CheckpointSummary[]): Promise<CheckpointSummary[]> {
  const pending = pendingChecks.get(listing);
  const todo = summaries.filter((s) => !s.checked);
  if (!pending || !todo.length) return summaries.filter((s) => s.checked);
  await checkCommits(repo, pending.store, todo.map((s) => s.commit));
  const dropped = new Set<CheckpointSummary>();
  for (const s of todo) {
    const checked = pending.store.checked.get(s.commit);
    if (!checked || 'invalid' in checked) {
      dropped.add(s);
      listing.invalid.push({ commit: s.commit, id: s.id, error: checked && 'invalid' in checked ? checked.invalid : 'record not read' });
      continue;
    }
    Object.assign(s, { createdAt: checked.createdAt, status: checked.status, head: checked.head, title: checked.title, checked: true });
    const committed = pending.store.commits.get(s.commit)!.committed;
    s.time = orderTime(s, committed, pending.refOf.get(s.commit) ?? '', pending.now, listing.warnings);
  }
  if (dropped.size) listing.checkpoints = listing.checkpoints.filter((c) => !dropped.has(c));
  // A record's own date can order it differently from its commit's (within the second, or claimed earlier).
  const list = listing.checkpoints;
  const moved = list.some((c, i) => i > 0 && c.time > list[i - 1]!.time);
  if (moved) list.sort((a, b) => b.time - a.time);
  if (!pending.cold) await flushListingStore(repo, pending.store, pending.live);
  await keepViewCurrent(repo, listing, pending, dropped.size > 0, moved);
  return summaries.filter((s) => !dropped.has(s));
}

/**
 * The views' rows are the listing's own objects, now checked: written again,
 * remade in listing order when a row was invalid or a record's date moved
 * it. A view read alone (partial) cannot be remade: it is dropped when a row
 * was invalid or moved out of the newest rows, and the listing is stale.
 */
async function keepViewCurrent(repo: Repo, listing: Listing, pending: Pending, dropped: boolean, moved: boolean): Promise<void> {
  if (pending.stale) return;
  if (pending.cold) {
    // Rows found invalid leave the head and its total; a kept head is written again.
    const view = pending.view!;
    const kept = new Set(listing.checkpoints);
    view.total -= view.rows.filter((r) => !kept.has(r.s)).length;
    view.rows = view.rows.filter((r) => kept.has(r.s));
    reorderRows(view);
    if (view.cold) await writeView(repo, view, view.cold.own ? 'own' : 'head');
    return;
  }
  if (pending.partial) {
    if (dropped || (moved && !reorderRows(pending.view!))) {
      pending.stale = true;
      await writeView(repo, null);
    } else await writeView(repo, pending.view);
    return;
  }
  const remade = (view: ListingView, full: boolean) => dropped || moved ? makeView(view.key, listing, pending.store, pending.refOf, full) : view;
  if (pending.view) await writeView(repo, (pending.view = remade(pending.view, false)));
  if (pending.fullView) await writeView(repo, (pending.fullView = remade(pending.fullView, true)), 'all');
}

/** Puts a partial view's rows back in listing order; false when a row left the newest rows (the view no longer says which they are). */
function reorderRows(view: ListingView): boolean {
  view.rows.sort((a, b) => b.s.time - a.s.time);
  const heads = view.rows.filter((r) => r.head).length;
  return view.rows.every((r, i) => r.head === i < heads);
}

/** A lazy listing of the view's rows alone (`full`: the whole listing), checked into the listing cache like any other. */
function listingFromView(view: ListingView, now: number, full: boolean): Listing {
  const listing: Listing = {
    checkpoints: view.rows.map((r) => r.s), invalid: view.invalid, warnings: view.warnings,
    localWriters: new Set(view.localWriters), hasFetched: view.hasFetched,
  };
  const store = emptyStore(false);
  for (const r of view.rows) {
    const { s } = r;
    store.commits.set(s.commit, { parents: [], committed: r.committed, id: s.id, writer: r.claimed, branch: s.branch, label: s.label, title: s.title, gen: 0, pos: 0 });
  }
  const refOf = new Map(view.rows.map((r) => [r.s.commit, r.ref]));
  const cold = view.cold ? { cut: view.cold.cut, floor: view.cold.floor, own: Boolean(view.cold.own), total: !view.cold.own } : undefined;
  pendingChecks.set(listing, { store, now, refOf, live: new Set(refOf.keys()), view: full ? null : view, fullView: full ? view : null, partial: !full, ...(cold ? { cold } : {}) });
  return listing;
}

/** A lazy listing of a cold head's rows, checked like a view's; `keep`: its view is the one kept (the cache is never written). */
function coldListing(head: ColdHead, o: { key: string; now: number; walk: ColdWalk; keep: boolean; localWriters: Set<string>; hasFetched: boolean }): Listing {
  const listing: Listing = { checkpoints: head.rows.map((r) => r.s), invalid: [], warnings: head.warnings, localWriters: o.localWriters, hasFetched: o.hasFetched };
  const store = emptyStore(false);
  for (const { s, committed } of head.rows) {
    store.commits.set(s.commit, { parents: [], committed, id: s.id, writer: s.writer, branch: s.branch, label: s.label, title: s.title, gen: 0, pos: 0 });
  }
  const refOf = new Map(head.rows.map((r) => [r.s.commit, r.ref]));
  const view: ListingView = {
    key: o.key, total: head.total, rows: head.rows.map((r) => ({ s: r.s, claimed: r.s.writer, committed: r.committed, ref: r.ref, head: true })),
    invalid: listing.invalid, warnings: listing.warnings, localWriters: [...o.localWriters], hasFetched: o.hasFetched, ids: '',
    ...(o.keep ? { cold: { cut: o.walk.cut, floor: head.floor, ...(o.walk.own ? { own: true } : {}) } } : {}),
  };
  pendingChecks.set(listing, { store, now: o.now, refOf, live: new Set(refOf.keys()), view, fullView: null, partial: true, cold: { ...o.walk, floor: head.floor } });
  return listing;
}

/** Drops the listing cache and its head (`doctor --fix`). */
export async function clearListingCache(repo: Repo): Promise<void> {
  await clearStore(repo);
  for (const kind of ['head', 'all', 'own'] as const) await writeView(repo, null, kind);
}

/**
 * The head of the last full listing, kept beside the listing cache: while no
 * chain ref moved, `list` without filters and `latest` are answered from it
 * without reading the cache of every commit. It holds the newest rows, the
 * newest row of every branch (and every own writer's newest there), the
 * total and the listing's warnings. It is written only when that is the
 * whole story: no ref that leads nowhere, no record dated in the future
 * (which would order differently as time passes), at most MAX_BRANCHES
 * branches and MAX_PROBLEMS warnings. Small, so rewritten whole.
 */
import type { Repo } from '../../git/repo.js';
import type { ListingStore } from './listing-cache.js';
import type { CheckpointSummary, InvalidCheckpoint, Listing } from './types.js';
import { FUTURE_SLACK_MS } from './listing-trust.js';

/**
 * Which view: `head`, the head of the last listing; `all`, the whole last
 * listing, every row in order (`list -n 0` and filtered listings stream it
 * while no chain moved); `own`, the newest commits of the own chains read
 * with no listing cache, for `latest` (keyed by the own chains alone).
 */
export type ViewKind = 'head' | 'all' | 'own';
const VIEW_FILES: Record<ViewKind, string> = { head: 'list-view.json', all: 'list-all.json', own: 'list-own.json' };
const VIEW_VERSION = 1;
/** Rows kept from the top of the listing: `list -n` up to this is answered from the view. */
export const VIEW_HEAD_ROWS = 100;
const MAX_BRANCHES = 256;
const MAX_PROBLEMS = 1000;

/** A listed row and what checking its record needs. */
export interface ViewRow {
  s: CheckpointSummary;
  /** The writer its trailer names, the commit's committer time (s), the ref it was read from. */
  claimed: string;
  committed: number;
  ref: string;
  /** One of the newest VIEW_HEAD_ROWS. */
  head: boolean;
}

export interface ListingView {
  key: string;
  total: number;
  rows: ViewRow[];
  invalid: InvalidCheckpoint[];
  warnings: string[];
  localWriters: string[];
  hasFetched: boolean;
  /** Every listed id, hashed (`idHash`), sorted, as base64: enough to tell that a new id is new. */
  ids: string;
  /**
   * Read with no listing cache (listing-cold.ts): the newest `cut` commits
   * only, every row not here ordered at or below `floor` (ms); no ids, no
   * branch's newest past the rows. Such a head is never moved forward.
   * `own`: of the own chains only.
   */
  cold?: { cut: number; floor: number; own?: boolean };
}

/** FNV-1a, 32 bits: equal ids hash equal; a collision only sends a listing the long way. */
export function idHash(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** `hashes` sorted, packed as base64. */
export function packIds(hashes: Iterable<number>): string {
  const sorted = Uint32Array.from(hashes).sort();
  return Buffer.from(sorted.buffer, sorted.byteOffset, sorted.byteLength).toString('base64');
}

/** Whether `hash` is among the packed ones (a binary search). */
export function hasId(packed: Uint32Array, hash: number): boolean {
  let lo = 0;
  let hi = packed.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (packed[mid] === hash) return true;
    if (packed[mid]! < hash) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

export function unpackIds(packed: string): Uint32Array {
  const bytes = Buffer.from(packed, 'base64');
  const copy = new Uint8Array(bytes.byteLength - (bytes.byteLength % 4));
  copy.set(bytes.subarray(0, copy.byteLength));
  return new Uint32Array(copy.buffer);
}

/**
 * The view of a full `listing`; null when the view would not answer as the
 * listing does. `full`: every row, not only the head.
 */
export function makeView(key: string, listing: Listing, store: ListingStore, refOf: Map<string, string>, full = false): ListingView | null {
  const list = listing.checkpoints;
  if (list.some((c) => c.time === Number.MIN_SAFE_INTEGER)) return null;
  if (listing.invalid.length + listing.warnings.length > MAX_PROBLEMS) return null;
  const factsOf = (s: CheckpointSummary) => {
    const c = store.commits.get(s.commit);
    return c ? { claimed: c.writer ?? s.writer, committed: c.committed, ref: refOf.get(s.commit) ?? '' } : null;
  };
  const rows = full ? allRows(list, factsOf) : viewRows(list, factsOf);
  if (!rows) return null;
  return {
    key, total: list.length, rows, invalid: listing.invalid, warnings: listing.warnings,
    localWriters: [...listing.localWriters], hasFetched: listing.hasFetched,
    ids: packIds(list.map((c) => idHash(c.id))),
  };
}

/**
 * The rows a view keeps of `list` (newest first): the newest VIEW_HEAD_ROWS,
 * each branch's newest and each own writer's newest there; null past
 * MAX_BRANCHES branches.
 */
export function viewRows(list: readonly CheckpointSummary[], factsOf: (s: CheckpointSummary) => Omit<ViewRow, 's' | 'head'> | null): ViewRow[] | null {
  const firsts = new Map<string, CheckpointSummary>();
  for (const c of list) {
    const any = `${c.branch}\0`;
    if (!firsts.has(any)) firsts.set(any, c);
    if (c.remote === null && !firsts.has(`${c.branch}\0${c.writer}`)) firsts.set(`${c.branch}\0${c.writer}`, c);
  }
  if (new Set(list.map((c) => c.branch)).size > MAX_BRANCHES) return null;
  const kept = new Set([...list.slice(0, VIEW_HEAD_ROWS), ...firsts.values()]);
  const rows: ViewRow[] = [];
  for (const [i, s] of list.entries()) {
    if (!kept.has(s)) continue;
    const facts = factsOf(s);
    if (!facts) return null;
    rows.push({ s, ...facts, head: i < VIEW_HEAD_ROWS });
  }
  return rows;
}

/** Every row of `list` with its facts, all in the head; null when one has none. */
function allRows(list: readonly CheckpointSummary[], factsOf: (s: CheckpointSummary) => Omit<ViewRow, 's' | 'head'> | null): ViewRow[] | null {
  const rows: ViewRow[] = [];
  for (const s of list) {
    const facts = factsOf(s);
    if (!facts) return null;
    rows.push({ s, ...facts, head: true });
  }
  return rows;
}

/**
 * The view of that kind, whatever refs it was made for; null when there is
 * none, or `now` would date its newest row in the future.
 */
export async function readView(repo: Repo, now: number, kind: ViewKind = 'head'): Promise<ListingView | null> {
  const text = await repo.readGitFile(VIEW_FILES[kind], 'common').catch(() => null);
  if (!text) return null;
  try {
    const view = JSON.parse(text) as ListingView & { v: number };
    if (view.v !== VIEW_VERSION || typeof view.key !== 'string' || !Array.isArray(view.rows) || typeof view.ids !== 'string') return null;
    if (view.rows[0] && view.rows[0].s.time > now + FUTURE_SLACK_MS) return null;
    return view;
  } catch {
    return null;
  }
}

/** Writes the view (or drops the old one when there is none); a failure only costs speed. */
export async function writeView(repo: Repo, view: ListingView | null, kind: ViewKind = 'head'): Promise<void> {
  const file = VIEW_FILES[kind];
  const write = view
    ? repo.writeGitFile(file, JSON.stringify({ v: VIEW_VERSION, ...view }), 'common')
    : repo.deleteGitFile(file, 'common');
  await write.catch(() => undefined);
}

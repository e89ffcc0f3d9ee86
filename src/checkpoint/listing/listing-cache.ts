/**
 * The listing cache in the common git dir: every chain commit ever walked
 * (its parents, committer time and what its message says), the records
 * checked so far, and per chain ref a tip whose whole walk is stored.
 * Objects never change, so nothing in it goes stale: a later walk only adds.
 * The file is one JSON array per line and only ever appended to; it is
 * rewritten whole only when it is missing, unreadable (a torn or corrupt
 * line: everything before it is kept) or mostly commits that no chain
 * reaches any more (after prune). `doctor --fix` drops it.
 */
import type { CommitInfo, Repo } from '../../git/repo.js';
import { parseMessage } from '../record/message.js';
import type { CheckpointSummary } from './types.js';

/** A valid checkpoint's summary as a row (arrays, not objects: a listing of 10,000 parses faster). */
export type SummaryRow = [
  id: string, createdAt: string, branch: string | null, writer: string, label: string | null,
  title: string, status: CheckpointSummary['status'], head: string | null,
  /** Committer time of the commit, seconds since the epoch. */
  committed: number,
  /** False while only the commit message has been read (the record not yet checked). */
  checked?: boolean,
];
/** A row, why the commit is invalid, or (`skip`) a commit that names no checkpoint and is not checked yet. */
export type CacheEntry = SummaryRow | { invalid: string; id: string | null } | { skip: true };

/** One walked commit and what its message says (SPEC §3 trailers). */
export interface StoredCommit {
  parents: string[];
  committed: number;
  id: string | null;
  writer: string | null;
  branch: string | null;
  label: string | null;
  title: string;
  /** Which walk stored it (later walks reach newer commits) and its place in that walk (git log order). */
  gen: number;
  pos: number;
}

/** What reading a commit's record found. */
export type Checked = { createdAt: string; status: CheckpointSummary['status']; head: string | null; title: string } | { invalid: string };

export interface ListingStore {
  commits: Map<string, StoredCommit>;
  checked: Map<string, Checked>;
  /** Per chain ref: a tip from which everything the walk reaches is stored. */
  tips: Map<string, string>;
  gen: number;
  /** Lines to append on the next `flushListingStore`. */
  pending: string[];
  /** The file must be written whole (missing, torn or corrupt). */
  rewrite: boolean;
  /** Lines this run already appended (`spillWalk`), and the appends still under way. */
  written: number;
  spilling: Promise<void>;
}

/** A store that knows nothing yet; `rewrite`: its file must be written whole. */
export function emptyStore(rewrite: boolean): ListingStore {
  return { commits: new Map(), checked: new Map(), tips: new Map(), gen: 0, pending: [], rewrite, written: 0, spilling: Promise.resolve() };
}

const CACHE_FILE = 'list-cache.jsonl';

/** Every chain ref and where it points, in the order the listing attributes them. */
export function walkKeyOf(refs: readonly { name: string; oid: string }[]): string {
  return refs.map((r) => `${r.name} ${r.oid}`).join('\n');
}
/** Caches of earlier versions, dropped when found. */
const OLD_FILES = ['list-cache.json'];
const HEADER = '["v",6]';

export async function readListingStore(repo: Repo): Promise<ListingStore> {
  const store = emptyStore(true);
  const text = await repo.readGitFile(CACHE_FILE, 'common').catch(() => null);
  if (!text?.startsWith(`${HEADER}\n`)) return store;
  const lines = text.split('\n');
  const complete = text.endsWith('\n');
  let rows: unknown[] | null = null;
  // One parse of the whole file is several times faster than one per line; a torn file falls back.
  if (complete) try { rows = JSON.parse(`[${lines.slice(0, -1).join(',')}]`) as unknown[]; } catch { rows = null; }
  let ok = true;
  const count = lines.length - 1;
  for (let i = 1; i < count && ok; i++) {
    let row: unknown = rows?.[i];
    if (!rows) try { row = JSON.parse(lines[i]!); } catch { row = null; }
    ok = applyLine(store, row, i);
  }
  store.rewrite = !ok || !complete;
  return store;
}

const isOid = (v: unknown): v is string => typeof v === 'string' && /^[0-9a-f]{40,64}$/.test(v);
const isText = (v: unknown): v is string => typeof v === 'string';
const isTextOrNull = (v: unknown): v is string | null => v === null || typeof v === 'string';

/** Adds one line's facts; false when it is not a line this version writes (the rest of the file is not trusted). */
function applyLine(store: ListingStore, row: unknown, pos: number): boolean {
  if (!Array.isArray(row)) return false;
  const [kind, oid, a, b, c, d, e, f, g] = row as unknown[];
  if (kind === 'g' && row.length === 1) return (store.gen++, true);
  if (!isOid(oid) && kind !== 't') return false;
  if (kind === 'c' && isText(a) && typeof b === 'number' && isTextOrNull(c) && isTextOrNull(d) && isTextOrNull(e) && isTextOrNull(f) && isText(g)) {
    store.commits.set(oid as string, { parents: a ? a.split(' ') : [], committed: b, id: c, writer: d, branch: e, label: f, title: g, gen: store.gen, pos });
    return true;
  }
  if (kind === 'k' && isText(a) && isText(b) && isTextOrNull(c) && isText(d)) {
    store.checked.set(oid as string, { createdAt: a, status: b as CheckpointSummary['status'], head: c, title: d });
    return true;
  }
  if (kind === 'x' && isText(a)) return (store.checked.set(oid as string, { invalid: a }), true);
  // A tip moved by a walk that started from `b`: true only if the store had `b` for that ref.
  if (kind === 't' && isText(oid) && isOid(a) && (b === undefined || isOid(b))) {
    if (b === undefined || store.tips.get(oid) === b) store.tips.set(oid, a);
    return true;
  }
  return false;
}

/** Starts a new walk's lines: its commits order before those of earlier walks at equal times. */
export function beginWalk(store: ListingStore): void {
  store.gen++;
  store.pending.push('["g"]');
}

export function storeCommit(store: ListingStore, oid: string, c: Omit<StoredCommit, 'gen' | 'pos'>): void {
  // Spelled out, not spread: a cold listing stores 100,000 of them.
  const { parents, committed, id, writer, branch, label, title } = c;
  store.commits.set(oid, { parents, committed, id, writer, branch, label, title, gen: store.gen, pos: store.written + store.pending.length });
  store.pending.push(JSON.stringify(['c', oid, c.parents.join(' '), c.committed, c.id, c.writer, c.branch, c.label, c.title]));
}

export function storeChecked(store: ListingStore, oid: string, checked: Checked): void {
  store.checked.set(oid, checked);
  store.pending.push(JSON.stringify('invalid' in checked ? ['x', oid, checked.invalid] : ['k', oid, checked.createdAt, checked.status, checked.head, checked.title]));
}

export function storeTip(store: ListingStore, ref: string, oid: string): void {
  if (store.tips.get(ref) === oid) return;
  store.tips.set(ref, oid);
  store.pending.push(JSON.stringify(['t', ref, oid]));
}

/** Lines a long walk holds before it appends them. */
const SPILL_LINES = 4096;

/**
 * Before a long walk: a missing file (nothing stored) is started now, so the
 * walk's lines can be appended as they come (`spillWalk`) instead of held.
 */
export async function beginLongWalk(repo: Repo, store: ListingStore): Promise<void> {
  if (!store.rewrite || store.commits.size || store.pending.length) return;
  try {
    await repo.writeGitFile(CACHE_FILE, `${HEADER}\n`, 'common');
    store.rewrite = false;
  } catch {
    // Written whole at the end, as before.
  }
}

/** During a walk: appends the lines held once there are many (never when the file must be written whole). */
export function spillWalk(repo: Repo, store: ListingStore): void {
  if (store.rewrite || store.pending.length < SPILL_LINES) return;
  const text = `${store.pending.join('\n')}\n`;
  store.written += store.pending.length;
  store.pending = [];
  // A failed append leaves the file short of lines: written whole at the end instead.
  store.spilling = store.spilling.then(() => repo.appendGitFile(CACHE_FILE, text, 'common')).catch(() => { store.rewrite = true; });
}

/**
 * Writes what this run learnt: appended, or the whole file when it must be
 * (torn, corrupt, missing) or when fewer than half of its commits are still
 * reached from a chain (`live`). A failed write only costs speed next time.
 */
export async function flushListingStore(repo: Repo, store: ListingStore, live: ReadonlySet<string>): Promise<void> {
  await store.spilling;
  const dead = store.commits.size - live.size;
  if (!store.rewrite && dead > 1000 && dead > live.size) store.rewrite = true;
  try {
    if (store.rewrite) {
      await repo.writeGitFile(CACHE_FILE, wholeFile(store, live), 'common');
      for (const old of OLD_FILES) await repo.deleteGitFile(old, 'common');
    } else if (store.pending.length) {
      await repo.appendGitFile(CACHE_FILE, `${store.pending.join('\n')}\n`, 'common');
    }
    store.pending = [];
    store.rewrite = false;
  } catch {
    // The cache is an optimisation only.
  }
}

/** The file holding the `live` commits only, oldest walk first, each walk after a `g` line. */
function wholeFile(store: ListingStore, live: ReadonlySet<string>): string {
  const kept = [...store.commits].filter(([oid]) => live.has(oid)).sort(([, a], [, b]) => a.gen - b.gen || a.pos - b.pos);
  const out: string[] = [HEADER];
  let gen = -1;
  for (const [oid, c] of kept) {
    if (c.gen !== gen) (gen = c.gen, out.push('["g"]'));
    out.push(JSON.stringify(['c', oid, c.parents.join(' '), c.committed, c.id, c.writer, c.branch, c.label, c.title]));
    const checked = store.checked.get(oid);
    if (checked) out.push(JSON.stringify('invalid' in checked ? ['x', oid, checked.invalid] : ['k', oid, checked.createdAt, checked.status, checked.head, checked.title]));
  }
  for (const [ref, oid] of store.tips) if (live.has(oid)) out.push(JSON.stringify(['t', ref, oid]));
  return `${out.join('\n')}\n`;
}

/**
 * Appends commits walked from moved tips without reading the file: each tip
 * counts as walked only where the file had walked its ref up to `from`.
 */
export async function appendWalk(repo: Repo, commits: readonly CommitInfo[], tips: readonly { name: string; oid: string; from: string }[]): Promise<void> {
  const store = emptyStore(false);
  beginWalk(store);
  for (const c of commits) {
    const f = parseMessage(c.message);
    storeCommit(store, c.oid, { parents: c.parents, committed: c.committer.timestamp, id: f.id, writer: f.writer, branch: f.branch, label: f.label, title: f.title });
  }
  for (const t of tips) store.pending.push(JSON.stringify(['t', t.name, t.oid, t.from]));
  await repo.appendGitFile(CACHE_FILE, `${store.pending.join('\n')}\n`, 'common').catch(() => undefined);
}

/** Drops the listing cache (`doctor --fix`). */
export async function clearListingCache(repo: Repo): Promise<void> {
  for (const name of [CACHE_FILE, ...OLD_FILES]) await repo.deleteGitFile(name, 'common');
}

/**
 * Open items carry forward (a plain `save -m B` after a checkpoint with next
 * steps keeps them): the predecessor's next steps, blockers and questions that
 * the new save neither repeats nor closes with `--done` are appended after the
 * new ones, and the record counts how many of each list were carried. Pure.
 */
import type { CheckpointContent, CheckpointRecord } from '../record/schema.js';
import { CARRIED_LISTS, type CarriedList } from '../record/fields.js';

/** The checkpoint the items came from, and how many items at the end of each list (fields.ts `carry`) were carried from it. */
export type Carried = { from: string } & Record<CarriedList, number>;

export interface CarryResult {
  content: CheckpointContent;
  carried: Carried | null;
  /** The predecessor's items this save closed (`--done`), as they were worded. */
  done: string[];
}

const key = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * Resolves `--done` values against the predecessor's open items: a number is
 * the n-th item counted across next steps, blockers and questions (as `show`
 * numbers next steps first); text matches an item ignoring case and spacing.
 * Returns the items closed and the values that matched nothing.
 */
export function resolveDone(predecessor: CheckpointRecord | null, done: string[]): { closed: string[]; unmatched: string[] } {
  const open = predecessor ? CARRIED_LISTS.flatMap((l) => predecessor[l]) : [];
  const closed = new Set<string>();
  const unmatched: string[] = [];
  for (const value of done) {
    const n = /^[1-9][0-9]*$/.test(value.trim()) ? Number(value.trim()) : null;
    const item = n !== null ? open[n - 1] : open.find((o) => key(o) === key(value));
    if (item === undefined) unmatched.push(value);
    else closed.add(item);
  }
  return { closed: [...closed], unmatched };
}

/** The content with the predecessor's still-open items appended; `carry: false` only records what was closed. */
export function carryForward(
  content: CheckpointContent, predecessor: CheckpointRecord | null, closed: string[], carry: boolean,
): CarryResult {
  if (!predecessor || !carry) return { content, carried: null, done: closed };
  const closedKeys = new Set(closed.map(key));
  const next = { ...content };
  const carried = { from: predecessor.id, ...Object.fromEntries(CARRIED_LISTS.map((l) => [l, 0])) } as Carried;
  for (const list of CARRIED_LISTS) {
    const have = new Set(content[list].map(key));
    const open = predecessor[list].filter((item) => !closedKeys.has(key(item)) && !have.has(key(item)));
    const unique = [...new Map(open.map((item) => [key(item), item])).values()];
    next[list] = [...content[list], ...unique];
    carried[list] = unique.length;
  }
  const any = CARRIED_LISTS.some((l) => carried[l] > 0);
  return { content: next, carried: any ? carried : null, done: closed };
}

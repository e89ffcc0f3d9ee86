/**
 * The bounded lists a harvest fills: insertion-ordered maps keyed by the text,
 * so a repeated item moves to the end (the latest wording wins) and the
 * oldest items fall off past the cap. Maps trailer fields onto the record.
 */
import { cutAtWord } from '../checkpoint/record/message.js';
import { todoStatuses, type CheckpointContent } from '../checkpoint/record/schema.js';
import type { TrailerEntry } from './trailers.js';

/**
 * At most this many items per list survive a harvest (the newest), each at
 * most MAX_ITEM_CHARS long: a harvested record stays far below the 1 MiB a
 * stored record may weigh, whatever the transcript holds.
 */
export const LIST_CAP = 50;
export const MAX_ITEM_CHARS = 1000;

/** Cuts an item to MAX_ITEM_CHARS (marking the cut with …), at a word boundary: see cutAtWord. */
export function clip(text: string): string {
  return cutAtWord(text, MAX_ITEM_CHARS);
}
export const FILES_CAP = 40;

type Decision = CheckpointContent['decisions'][number];
type Rejected = CheckpointContent['rejected'][number];

export interface HarvestLists {
  task: string | null;
  decisions: Map<string, Decision>;
  rejected: Map<string, Rejected>;
  learnings: Map<string, true>;
  constraints: Map<string, true>;
  assumptions: Map<string, true>;
  questions: Map<string, true>;
  links: Map<string, true>;
  next: Map<string, true>;
  /** Repo-relative path → 'edited' | 'read' | 'referenced', oldest first. */
  files: Map<string, string>;
  todos: CheckpointContent['todos'];
}

export function newLists(): HarvestLists {
  return {
    task: null, decisions: new Map(), rejected: new Map(), learnings: new Map(), constraints: new Map(),
    assumptions: new Map(), questions: new Map(), links: new Map(), next: new Map(), files: new Map(), todos: [],
  };
}

/** Sets `key` as the newest entry; drops the oldest past the cap. */
export function keepLatest<V>(map: Map<string, V>, key: string, value: V, cap = LIST_CAP): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > cap) map.delete(map.keys().next().value as string);
}

/** A TodoWrite (or update_plan) call replaces the whole list. */
export function addTodoWrite(lists: HarvestLists, todos: unknown[]): void {
  lists.todos = todos.slice(0, LIST_CAP).flatMap((t) => {
    const item = t as { content?: unknown; status?: unknown };
    if (typeof item.content !== 'string' || !item.content.trim()) return [];
    const status = (todoStatuses as readonly unknown[]).includes(item.status) ? (item.status as (typeof todoStatuses)[number]) : 'pending';
    return [{ text: clip(item.content), status }];
  });
}

/**
 * Applies one trailer. decision/rejected/pivot start an item that a later
 * `reasoning` in the same trailer explains; open → questions; definition →
 * learnings ("definition: …"); refs → links (URLs) or hot files (paths).
 */
export function applyTrailer(lists: HarvestLists, entries: TrailerEntry[], toRepoPath: (p: string) => string | null): void {
  let last: { map: 'decisions' | 'rejected'; key: string } | null = null;
  for (const { field, value: raw } of entries) {
    const value = clip(raw);
    switch (field) {
      case 'decision':
      case 'pivot': {
        const what = field === 'pivot' ? `pivot: ${value}` : value;
        keepLatest(lists.decisions, what, { what, why: '', by: 'agent' });
        last = { map: 'decisions', key: what };
        break;
      }
      case 'rejected':
        keepLatest(lists.rejected, value, { what: value, why: '' });
        last = { map: 'rejected', key: value };
        break;
      case 'reasoning': {
        const item = last ? lists[last.map].get(last.key) : undefined;
        if (item) item.why = clip(item.why ? `${item.why} ${value}` : value);
        else keepLatest(lists.learnings, `reasoning: ${value}`, true);
        break;
      }
      case 'learning': keepLatest(lists.learnings, value, true); break;
      case 'definition': keepLatest(lists.learnings, `definition: ${value}`, true); break;
      case 'constraint': keepLatest(lists.constraints, value, true); break;
      case 'assumption': keepLatest(lists.assumptions, value, true); break;
      case 'open': keepLatest(lists.questions, value, true); break;
      case 'next': keepLatest(lists.next, value, true); break;
      case 'task': lists.task = value.replace(/\s+/g, ' ').trim(); break;
      case 'refs': addRefs(lists, value, toRepoPath); break;
    }
  }
}

function addRefs(lists: HarvestLists, value: string, toRepoPath: (p: string) => string | null): void {
  for (const ref of value.split(/[\s,]+/).filter(Boolean)) {
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(ref)) {
      keepLatest(lists.links, ref, true);
      continue;
    }
    const rel = toRepoPath(ref.replace(/:\d+(-\d+)?$/, ''));
    if (rel !== null && !lists.files.has(rel)) keepLatest(lists.files, rel, 'referenced', FILES_CAP);
  }
}

/**
 * What one transcript entry contributes to a harvest, as small data (never
 * the parsed entry itself: a tool result can weigh megabytes), and how each
 * contribution is applied to the lists. Entries of a Claude Code transcript
 * are applied in the order of the conversation that survived (the parentUuid
 * chain), so steps are kept per entry until the end.
 */
import { parseTrailers } from './trailers.js';
import { addTodoWrite, applyTrailer, clip, FILES_CAP, keepLatest, type HarvestLists } from './harvest-lists.js';

export type Step =
  | { k: 'turn'; text: string }
  | { k: 'text'; text: string }
  | { k: 'file'; path: string; edited: boolean }
  | { k: 'todos'; todos: unknown[] }
  | { k: 'task-create'; id: string | null; subject: string }
  | { k: 'task-update'; id: string; status: string | null; subject: string | null }
  | { k: 'plan'; plan: string };

/** What applying steps keeps beyond the lists: the user's turns, newest last. */
export interface StepState {
  lists: HarvestLists;
  turns: string[];
  firstRequest: string | null;
  /** TaskCreate/TaskUpdate tasks by id, in creation order. */
  tasks: Map<string, { text: string; status: string }>;
  toRepoPath: (path: string) => string | null;
}

/** How many of the latest user turns become verbatim quotes. */
export const QUOTED_TURNS = 10;

export function applyStep(s: StepState, step: Step): void {
  switch (step.k) {
    case 'turn':
      s.firstRequest ??= step.text;
      s.turns.push(step.text);
      if (s.turns.length > QUOTED_TURNS) s.turns.shift();
      break;
    case 'text':
      for (const t of parseTrailers(step.text)) applyTrailer(s.lists, t, s.toRepoPath);
      break;
    case 'file': {
      const rel = s.toRepoPath(step.path);
      if (rel === null) break;
      const edited = step.edited || s.lists.files.get(rel) === 'edited';
      keepLatest(s.lists.files, rel, edited ? 'edited' : 'read', FILES_CAP);
      break;
    }
    case 'todos':
      addTodoWrite(s.lists, step.todos);
      break;
    case 'task-create':
      s.tasks.set(step.id ?? String(s.tasks.size + 1), { text: step.subject, status: 'pending' });
      syncTasks(s);
      break;
    case 'task-update':
      applyTaskUpdate(s, step);
      break;
    case 'plan': {
      const what = `approved plan: ${clip(firstLine(step.plan)).slice(0, 200)}`;
      keepLatest(s.lists.decisions, what, { what, why: clip(step.plan), by: 'user' });
      break;
    }
  }
}

function applyTaskUpdate(s: StepState, step: Extract<Step, { k: 'task-update' }>): void {
  const task = s.tasks.get(step.id);
  if (!task) return;
  if (step.status === 'deleted') s.tasks.delete(step.id);
  else {
    if (step.status) task.status = step.status;
    if (step.subject) task.text = step.subject;
  }
  syncTasks(s);
}

/** The task tools keep a list by id; the record keeps it as todos. */
function syncTasks(s: StepState): void {
  addTodoWrite(s.lists, [...s.tasks.values()].map((t) => ({ content: t.text, status: t.status })));
}

function firstLine(text: string): string {
  return text.split('\n').map((l) => l.replace(/^#+\s*/, '').trim()).find(Boolean) ?? '';
}

/** Paths an `apply_patch` patch touches (`*** Add|Update|Delete File: p`, `*** Move to: p`). */
export function patchPaths(patch: string): string[] {
  return [...patch.matchAll(/^\*\*\* (?:(?:Add|Update|Delete) File|Move to): (.+)$/gm)].map((m) => m[1]!.trim());
}

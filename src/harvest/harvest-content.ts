/** Turns harvested lists into record content; empty fields are left out so other layers keep theirs. */
import type { CheckpointContent } from '../checkpoint/record/schema.js';
import type { HarvestLists } from './harvest-lists.js';

export function contentOf(l: HarvestLists, title: string | null, quotes: CheckpointContent['quotes']): Partial<CheckpointContent> {
  const out: Partial<CheckpointContent> = { mode: 'routine' };
  if (title) out.task = { title, status: 'in_progress' };
  const set = <K extends keyof CheckpointContent>(key: K, value: CheckpointContent[K] & unknown[]) => {
    if (value.length) out[key] = value;
  };
  set('decisions', [...l.decisions.values()]);
  set('rejected', [...l.rejected.values()]);
  set('learnings', [...l.learnings.keys()]);
  set('constraints', [...l.constraints.keys()]);
  set('assumptions', [...l.assumptions.keys()]);
  set('questions', [...l.questions.keys()]);
  set('links', [...l.links.keys()]);
  set('todos', l.todos);
  const open = [...l.todos.filter((t) => t.status === 'in_progress'), ...l.todos.filter((t) => t.status === 'pending')];
  set('nextSteps', [...l.next.keys(), ...open.map((t) => t.text)]);
  set('files', [...l.files].reverse().map(([path, why]) => ({ path, why })));
  set('quotes', quotes);
  return out;
}

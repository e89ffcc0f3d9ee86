/**
 * A SESSION_RECAP/1 that fits an agent's budget. Agents keep only so much
 * injected context (Claude Code 10,000 characters; Codex spills past ~2,500
 * tokens), so lines are chosen in priority order — the task and the resume
 * lines always, then drift verdicts, next steps, blockers, decisions,
 * rejected paths, questions, quotes, then the rest — keeping the recap's own
 * line order, and a cut recap ends with a line saying how many lines are left
 * out and how to see them. That line is a RECONCILE line, so the recap still
 * reads back through `save --input`.
 */
import type { CheckpointRecord } from '../checkpoint/record/schema.js';
import { renderRecap, recapField, type RecapOptions } from '../checkpoint/record/recap.js';

const ALWAYS = new Set(['SESSION_RECAP/1', 'DATE', 'BRANCH', 'TASK', 'IN_PROGRESS', 'RESUME_NEXT', 'RESUME_HUMAN']);
/** Kinds in the order they earn their place; unlisted kinds come last. */
const PRIORITY = ['RECONCILE', 'NEXT', 'BLOCKER', 'DECISION', 'REJECTED', 'QUESTION', 'QUOTE', 'PENDING', 'COMPACT_IMMINENT'];

function rank(kind: string): number {
  const at = PRIORITY.indexOf(kind);
  return at < 0 ? PRIORITY.length : at;
}

/** The recap of `record`, at most `budget` characters (newlines included). */
export function renderRecapWithin(record: CheckpointRecord, budget: number, opts: RecapOptions = {}): string {
  const full = renderRecap(record, opts);
  if (full.length <= budget) return full;
  const lines = full.slice(0, -1).split('\n');
  const kinds = lines.map((l) => l.split('|', 1)[0]!);
  const keep = lines.map((_, i) => ALWAYS.has(kinds[i]!));
  const tail = (n: number) => `${['RECONCILE', 'recap', 'cut', `… ${n} more: git checkpoint show ${record.id}`].map(recapField).join('|')}\n`;
  let used = lines.reduce((sum, l, i) => sum + (keep[i] ? l.length + 1 : 0), 0) + tail(lines.length).length;
  const order = lines.map((_, i) => i).filter((i) => !keep[i]).sort((a, b) => rank(kinds[a]!) - rank(kinds[b]!) || a - b);
  for (const i of order) {
    if (used + lines[i]!.length + 1 > budget) continue;
    keep[i] = true;
    used += lines[i]!.length + 1;
  }
  const left = keep.filter((k) => !k).length;
  return `${lines.filter((_, i) => keep[i]).join('\n')}\n${tail(left)}`;
}

/**
 * SESSION_RECAP/1 within a budget of characters (an agent's context window):
 * fewer uncommitted paths first, then content lines from the middle are left
 * out, never the head (TASK), the reconciliation or the RESUME lines, and a
 * RECONCILE line says how much was left out.
 */
import type { CheckpointRecord } from '../checkpoint/record/schema.js';
import { renderRecap, type RecapOptions } from '../checkpoint/record/recap.js';

/** What Claude Code keeps of a tool result or injected context without truncating it. */
export const DEFAULT_RECAP_BUDGET = 10_000;

/** Head lines kept whatever the budget: SESSION_RECAP/1, DATE, BRANCH, TASK (and IN_PROGRESS, when git was mid-operation). */
const HEAD_LINES = 4;

/** Renders the recap in at most `budget` characters (newlines included). */
export function renderRecapWithin(record: CheckpointRecord, budget: number, reconcile: RecapOptions['reconcile'] = []): string {
  let text = renderRecap(record, { reconcile });
  for (const maxUncommitted of [100, 20, 0]) {
    if (text.length <= budget) return text;
    text = renderRecap(record, { reconcile, maxUncommitted });
  }
  if (text.length <= budget) return text;
  return dropMiddleLines(text.slice(0, -1).split('\n'), budget);
}

function dropMiddleLines(lines: string[], budget: number): string {
  const isTail = (l: string) => l.startsWith('RECONCILE|') || l.startsWith('RESUME_');
  const headLines = HEAD_LINES + (lines[HEAD_LINES]?.startsWith('IN_PROGRESS|') ? 1 : 0);
  const head = lines.slice(0, headLines);
  const middle = lines.slice(headLines).filter((l) => !isTail(l));
  const tail = lines.slice(headLines).filter(isTail);
  const size = (ls: string[]) => ls.reduce((n, l) => n + l.length + 1, 0);
  const note = (kept: number) => `RECONCILE|recap|truncated|${middle.length - kept} of ${middle.length} content lines left out (budget ${budget} characters)`;
  let room = budget - size(head) - size(tail) - note(0).length - 1;
  const kept: string[] = [];
  for (const l of middle) {
    if (l.length + 1 > room) break;
    kept.push(l);
    room -= l.length + 1;
  }
  const out = `${[...head, ...kept, note(kept.length), ...tail].join('\n')}\n`;
  // A budget smaller than the lines always kept: cut at a line end, or hard at the budget.
  if (out.length <= budget) return out;
  const cut = out.lastIndexOf('\n', budget - 1);
  return cut > 0 ? out.slice(0, cut + 1) : out.slice(0, budget);
}

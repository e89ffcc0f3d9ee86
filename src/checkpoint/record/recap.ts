/**
 * The compact SESSION_RECAP/1 format of SPEC §7: one fact per line, fields
 * separated by `|`. Made for an agent's context window: short, greppable,
 * and read back exactly by src/checkpoint/record/parse-recap.ts (`save --input`).
 *
 * Every stored string is untrusted (SPEC §9): a backslash is written `\\`, a
 * literal `|` is `\|`, and newlines, tabs and every other control, format or
 * bidi character become visible escapes (`\n`, `\x1b`, `\u202e`), so no value
 * can break a line or reach the terminal raw — and the parser decodes them back.
 */
import type { CheckpointRecord } from './schema.js';
import { visible } from '../../text/sanitize.js';

export const RECAP_HEADER = 'SESSION_RECAP/1';
/** RESUME_NEXT when the record has no next step: nothing specific to run but the check. */
export const RESUME_NEXT_DEFAULT = 'git checkpoint status';

export interface RecapOptions {
  /** Extra `RECONCILE|<aspect>|<verdict>|<detail>` lines (git state, ignored when read back). */
  reconcile?: readonly { aspect: string; verdict: string; detail?: string }[];
  /** Show at most this many UNCOMMITTED lines (an agent's context is small); all by default. */
  maxUncommitted?: number;
}

/** Escapes one value: backslash and `|` first, then everything `visible` shows as an escape. */
export function recapField(value: string): string {
  return visible(value.replace(/\\/g, '\\\\').replace(/\|/g, '\\|'));
}

const line = (...fields: string[]) => fields.map(recapField).join('|');

/**
 * Renders a record as SESSION_RECAP/1. Content lines carry every content field
 * so that `save --input` reproduces them; BRANCH, COMMITS, UNCOMMITTED and
 * RECONCILE describe git state and are only shown. Ends with a newline.
 */
export function renderRecap(record: CheckpointRecord, opts: RecapOptions = {}): string {
  const r = record;
  const [first, ...rest] = r.nextSteps;
  const out = [RECAP_HEADER, line('DATE', r.createdAt, 'id', r.id, 'label', r.label ?? '', 'writer', r.writer)];
  out.push(line('BRANCH', r.git.branch ?? '(detached)', 'tracking', r.git.upstream ?? 'none'));
  out.push(line('TASK', r.task.title, r.task.status, first ?? ''));
  for (const step of rest) out.push(line('NEXT', step));
  if (r.mode !== 'routine') out.push(line('MODE', r.mode));
  for (const c of r.git.commits) out.push(line('COMMITS', c.oid.slice(0, 12), c.subject));
  const why = new Map(r.files.map((f) => [f.path, f.why ?? '']));
  const files = r.git.worktree.files;
  const shown = files.slice(0, opts.maxUncommitted ?? files.length);
  for (const f of shown) out.push(line('UNCOMMITTED', f.path, f.status, why.get(f.path) ?? ''));
  const total = Math.max(r.git.worktree.total, files.length);
  if (shown.length < total) out.push(line('RECONCILE', 'uncommitted-listing', 'truncated', `${shown.length} of ${total} paths shown`));
  for (const d of r.decisions) out.push(line('DECISION', d.what, d.why, '', ...(d.by === undefined ? [] : [d.by])));
  for (const d of r.rejected) out.push(line('REJECTED', d.what, d.why));
  for (const t of r.todos) {
    if (t.status === 'completed') out.push(line('DONE', t.text));
    else out.push(line('PENDING', t.text, 'NONE', ...(t.status === 'in_progress' ? ['in_progress'] : [])));
  }
  const simple: [string, readonly string[]][] = [
    ['BLOCKER', r.blockers], ['QUESTION', r.questions], ['LEARNING', r.learnings],
    ['CONSTRAINT', r.constraints], ['ASSUMPTION', r.assumptions], ['LINK', r.links],
  ];
  for (const [kind, values] of simple) for (const v of values) out.push(line(kind, v));
  for (const f of r.files) out.push(line('FILE', f.path, ...(f.why === undefined ? [] : [f.why])));
  for (const q of r.quotes) out.push(line('QUOTE', q.text, q.by, q.verbatim ? 'verbatim' : 'reconstructed'));
  if (r.notes !== null) out.push(line('NOTES', r.notes));
  if (r.compactImminent) out.push('COMPACT_IMMINENT|true');
  for (const c of opts.reconcile ?? []) out.push(line('RECONCILE', c.aspect, c.verdict, c.detail ?? ''));
  out.push(line('RESUME_NEXT', first ?? RESUME_NEXT_DEFAULT));
  out.push(line('RESUME_HUMAN', humanLine(r)));
  return `${out.join('\n')}\n`;
}

function humanLine(r: CheckpointRecord): string {
  const where = r.git.branch ?? '(detached)';
  const next = r.nextSteps[0] ? `; next: ${r.nextSteps[0]}` : '';
  return `resume "${r.task.title}" (${r.task.status.replace(/_/g, ' ')}) on ${where}, saved ${r.createdAt} by ${r.writer}${next}; run git checkpoint status first`;
}

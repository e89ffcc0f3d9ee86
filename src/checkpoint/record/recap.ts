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
import { FIELDS, RESUME_LIST } from './fields.js';
import { onShape, type ShapeHandlers } from './content-shapes.js';
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
 * so that `save --input` reproduces them; BRANCH, IN_PROGRESS, COMMITS,
 * UNCOMMITTED and RECONCILE describe git state and are only shown. Ends with a newline.
 */
export function renderRecap(record: CheckpointRecord, opts: RecapOptions = {}): string {
  const r = record;
  const first = r[RESUME_LIST][0];
  const out = [RECAP_HEADER, line('DATE', r.createdAt, 'id', r.id, 'label', r.label ?? '', 'writer', r.writer)];
  out.push(line('BRANCH', r.git.branch ?? '(detached)', 'tracking', r.git.upstream ?? 'none'));
  for (const group of GROUPS) out.push(...group.lines(r, opts));
  for (const c of opts.reconcile ?? []) out.push(line('RECONCILE', c.aspect, c.verdict, c.detail ?? ''));
  out.push(line('RESUME_NEXT', first ?? RESUME_NEXT_DEFAULT));
  out.push(line('RESUME_HUMAN', humanLine(r)));
  return `${out.join('\n')}\n`;
}

type Group = { at: number; lines: (r: CheckpointRecord, opts: RecapOptions) => string[] };

/** The places of the recap's own lines among the fields' (fields.ts `recap.at`). */
export const RECAP_OWN_PLACES = { IN_PROGRESS: 15, MODE: 30, COMMITS: 40, UNCOMMITTED: 50, COMPACT_IMMINENT: 180 } as const;

const OWN: readonly Group[] = [
  // Right after TASK: the budgeted recap keeps it with the head lines (recap-budget.ts).
  { at: RECAP_OWN_PLACES.IN_PROGRESS, lines: (r) => (r.git.inProgress ? [line('IN_PROGRESS', r.git.inProgress)] : []) },
  { at: RECAP_OWN_PLACES.MODE, lines: (r) => (r.mode !== 'routine' ? [line('MODE', r.mode)] : []) },
  { at: RECAP_OWN_PLACES.COMMITS, lines: (r) => r.git.commits.map((c) => line('COMMITS', c.oid.slice(0, 12), c.subject)) },
  { at: RECAP_OWN_PLACES.UNCOMMITTED, lines: uncommittedLines },
  { at: RECAP_OWN_PLACES.COMPACT_IMMINENT, lines: (r) => (r.compactImminent ? ['COMPACT_IMMINENT|true'] : []) },
];

function uncommittedLines(r: CheckpointRecord, opts: RecapOptions): string[] {
  const out: string[] = [];
  const why = new Map(r.files.map((f) => [f.path, f.why ?? '']));
  const files = r.git.worktree.files;
  const shown = files.slice(0, opts.maxUncommitted ?? files.length);
  for (const f of shown) out.push(line('UNCOMMITTED', f.path, f.status, why.get(f.path) ?? ''));
  const total = Math.max(r.git.worktree.total, files.length);
  if (shown.length < total) out.push(line('RECONCILE', 'uncommitted-listing', 'truncated', `${shown.length} of ${total} paths shown`));
  return out;
}

/** Each shape's lines; the resume list's first item rides on the TASK line. */
const LINES: ShapeHandlers<string[], [CheckpointRecord]> = {
  task: (t, f, r) => [line(f.recap.kind, t.title, t.status, r[RESUME_LIST][0] ?? '')],
  text: (values, f) => (f.resume ? values.slice(1) : values).map((v) => line(f.recap.kind, v)),
  pair: (values, f) => values.map((d) => line(f.recap.kind, d.what, d.why)),
  attributed: (values, f) => values.map((d) => line(f.recap.kind, d.what, d.why, '', ...(d.by === undefined ? [] : [d.by]))),
  todo: (values, f) => values.map((t) => (t.status === 'completed'
    ? line(f.recap.doneKind, t.text)
    : line(f.recap.kind, t.text, 'NONE', ...(t.status === 'in_progress' ? ['in_progress'] : [])))),
  file: (values, f) => values.map((x) => line(f.recap.kind, x.path, ...(x.why === undefined ? [] : [x.why]))),
  quote: (values, f) => values.map((q) => line(f.recap.kind, q.text, q.by, q.verbatim ? 'verbatim' : 'reconstructed')),
  notes: (value, f) => (value === null ? [] : [line(f.recap.kind, value)]),
};

const GROUPS: readonly Group[] = [
  ...FIELDS.map((f): Group => ({ at: f.recap.at, lines: (r) => onShape(LINES, f, r, r) })),
  ...OWN,
].sort((a, b) => a.at - b.at);

function humanLine(r: CheckpointRecord): string {
  const where = r.git.branch ?? '(detached)';
  const first = r[RESUME_LIST][0];
  const next = first ? `; next: ${first}` : '';
  return `resume "${r.task.title}" (${r.task.status.replace(/_/g, ' ')}) on ${where}, saved ${r.createdAt} by ${r.writer}${next}; run git checkpoint status first`;
}

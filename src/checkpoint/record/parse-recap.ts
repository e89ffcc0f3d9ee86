/**
 * Reads a SESSION_RECAP/1 document (SPEC §7, written by src/checkpoint/record/recap.ts or
 * by an agent) back into record content for `save --input`. Strict: the first
 * line is `SESSION_RECAP/1`, every other non-blank line is a known kind with
 * the right number of fields, and BRANCH, RESUME_NEXT and RESUME_HUMAN must be
 * present. Anything else is a UsageError (exit 129) naming the line — a recap
 * is never silently patched. Git-state lines (BRANCH, IN_PROGRESS, COMMITS,
 * UNCOMMITTED, RECONCILE) are checked for shape and otherwise ignored: `save` gathers git
 * state itself.
 */
import { UsageError } from '../../errors.js';
import { RECAP_HEADER, RESUME_NEXT_DEFAULT } from './recap.js';
import { emptyContent, LABEL_PATTERN, modes, taskStatuses, todoStatuses, type CheckpointContent } from './schema.js';
import { FIELDS, RESUME_LIST } from './fields.js';
import { forShape, setValueIn, valueIn, type PerShape } from './content-shapes.js';

/** What a document has read so far besides content: the TASK line's next step and RESUME_NEXT. */
interface State { c: CheckpointContent; taskNext: string | null; resumeNext: string }

/** A line kind: its field count ([min, max]), whether it may appear only once, and how it is read. */
interface Kind { arity: [number, number]; once?: boolean; read: (f: string[], n: number, st: State) => void }

const ignored = () => {};
/** The recap's own kinds; BRANCH, IN_PROGRESS, COMMITS, UNCOMMITTED, RECONCILE and RESUME_HUMAN are git state or prose. */
const OWN: Record<string, Kind> = {
  DATE: { arity: [1, 99], once: true, read: (f, n, st) => { st.c.label = readLabel(f, n); } },
  BRANCH: { arity: [1, 3], once: true, read: ignored },
  IN_PROGRESS: { arity: [1, 1], once: true, read: ignored },
  MODE: { arity: [1, 1], once: true, read: ([a = ''], n, st) => { st.c.mode = oneOf(a, modes, 'mode', n); } },
  COMMITS: { arity: [1, 2], read: ignored },
  UNCOMMITTED: { arity: [1, 3], read: ignored },
  COMPACT_IMMINENT: { arity: [1, 1], once: true, read: ([a = ''], n, st) => { st.c.compactImminent = oneOf(a, ['true', 'false'], 'value', n) === 'true'; } },
  RECONCILE: { arity: [2, 3], read: ignored },
  RESUME_NEXT: { arity: [1, 1], once: true, read: ([a = ''], _n, st) => { st.resumeNext = a; } },
  RESUME_HUMAN: { arity: [1, 1], once: true, read: ignored },
};

/** Each shape's kinds, read into the field's value. */
const FIELD_KINDS: PerShape<Record<string, Kind>> = {
  task: (field) => ({
    [field.recap.kind]: {
      arity: [1, 3], once: true,
      read: ([a = '', b, d], n, st) => {
        setValueIn(st.c, field, { title: a, status: b === undefined || b === '' ? 'in_progress' : oneOf(b, taskStatuses, 'task status', n) });
        if (d) st.taskNext = d;
      },
    },
  }),
  text: (field) => ({ [field.recap.kind]: { arity: [1, 1], read: ([a = ''], _n, st) => { valueIn(st.c, field).push(a); } } }),
  pair: (field) => ({ [field.recap.kind]: { arity: [1, 2], read: ([a = '', b], _n, st) => { valueIn(st.c, field).push({ what: a, why: b ?? '' }); } } }),
  attributed: (field) => ({
    [field.recap.kind]: { arity: [1, 4], read: ([a = '', b, d, e], _n, st) => { valueIn(st.c, field).push(decision(a, b ?? '', d ?? '', e)); } },
  }),
  todo: (field) => ({
    [field.recap.kind]: {
      arity: [1, 3],
      read: ([a = '', b, d], n, st) => pending(valueIn(st.c, field), blockersOf(st.c, field.recap.blockersInto), a, b ?? 'NONE', d, n),
    },
    [field.recap.doneKind]: { arity: [1, 1], read: ([a = ''], _n, st) => { valueIn(st.c, field).push({ text: a, status: 'completed' }); } },
  }),
  file: (field) => ({
    [field.recap.kind]: { arity: [1, 2], read: ([a = '', b], _n, st) => { valueIn(st.c, field).push(b === undefined ? { path: a } : { path: a, why: b }); } },
  }),
  quote: (field) => ({
    [field.recap.kind]: {
      arity: [1, 3],
      read: ([a = '', b, d], n, st) => {
        const verbatim = oneOf(d ?? 'verbatim', ['verbatim', 'reconstructed'], 'quote kind', n) === 'verbatim';
        valueIn(st.c, field).push({ text: a, by: b ?? '', verbatim });
      },
    },
  }),
  notes: (field) => ({ [field.recap.kind]: { arity: [1, 1], once: true, read: ([a = ''], _n, st) => { setValueIn(st.c, field, a); } } }),
};

/** The kinds that are the recap's own, not a field's. */
export const RECAP_OWN_KINDS = Object.keys(OWN);

const KINDS = new Map<string, Kind>([
  ...Object.entries(OWN),
  ...FIELDS.flatMap((f) => Object.entries(forShape(FIELD_KINDS, f))),
]);
const REQUIRED = ['BRANCH', 'RESUME_NEXT', 'RESUME_HUMAN'] as const;

class RecapError extends Error {
  constructor(readonly line: number, message: string) { super(message); }
}

/** Splits a line at unescaped `|` and decodes each field's escapes. */
export function splitRecapLine(text: string, n: number): string[] {
  const fields: string[] = [];
  let cur = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '|') { fields.push(cur); cur = ''; continue; }
    if (c !== '\\') { cur += c; continue; }
    const [decoded, used] = decodeEscape(text, i, n);
    cur += decoded;
    i += used - 1;
  }
  fields.push(cur);
  return fields;
}

function decodeEscape(text: string, i: number, n: number): [string, number] {
  const next = text[i + 1];
  const simple: Record<string, string> = { '\\': '\\', '|': '|', n: '\n', t: '\t', r: '\r' };
  if (next !== undefined && simple[next] !== undefined) return [simple[next]!, 2];
  const m = /^\\(?:x([0-9a-f]{2})|u([0-9a-f]{4})|u\{([0-9a-f]{1,6})\})/i.exec(text.slice(i, i + 12));
  const hex = m?.[1] ?? m?.[2] ?? m?.[3];
  const cp = hex === undefined ? NaN : parseInt(hex, 16);
  if (!m || !(cp <= 0x10ffff)) {
    throw new RecapError(n, `unknown escape '\\${next ?? ''}' (write a backslash as \\\\ and a bar as \\|)`);
  }
  return [String.fromCodePoint(cp), m[0].length];
}

/** Parses a recap; UsageError naming the line when it is malformed. */
export function parseRecap(text: string, source = 'input'): Partial<CheckpointContent> {
  try {
    return build(text);
  } catch (err) {
    if (err instanceof RecapError) throw new UsageError(`${source}: line ${err.line}: ${err.message}`);
    throw err;
  }
}

type Row = { kind: string; f: string[]; n: number };

function scan(text: string): Row[] {
  const lines = text.replace(/^\ufeff/, '').split('\n').map((l) => l.replace(/\r$/, ''));
  let first = 0;
  while (first < lines.length && !lines[first]!.trim()) first++;
  if (lines[first]?.trim() !== RECAP_HEADER) throw new RecapError(first + 1, `expected "${RECAP_HEADER}"`);
  const rows: Row[] = [];
  const seen = new Set<string>();
  for (let i = first + 1; i < lines.length; i++) {
    const raw = lines[i]!;
    if (!raw.trim()) continue;
    const [kind = '', ...f] = splitRecapLine(raw, i + 1);
    const arity = KINDS.get(kind)?.arity;
    if (!arity) throw new RecapError(i + 1, `unknown line kind '${kind.slice(0, 40)}'`);
    if (f.length < arity[0] || f.length > arity[1]) {
      throw new RecapError(i + 1, `${kind} takes ${arity[0] === arity[1] ? arity[0] : `${arity[0]} to ${arity[1]}`} fields, found ${f.length}`);
    }
    if (KINDS.get(kind)!.once && seen.has(kind)) throw new RecapError(i + 1, `${kind} given twice`);
    seen.add(kind);
    rows.push({ kind, f, n: i + 1 });
  }
  const lastLine = lines.length;
  for (const kind of REQUIRED) if (!seen.has(kind)) throw new RecapError(lastLine, `missing required ${kind} line`);
  return rows;
}

function oneOf<T extends string>(value: string, allowed: readonly T[], what: string, n: number): T {
  if (!(allowed as readonly string[]).includes(value)) throw new RecapError(n, `invalid ${what} '${value}' (expected ${allowed.join(', ')})`);
  return value as T;
}

function build(text: string): Partial<CheckpointContent> {
  const st: State = { c: emptyContent(), taskNext: null, resumeNext: '' };
  for (const { kind, f, n } of scan(text)) KINDS.get(kind)!.read(f, n, st);
  const steps = st.c[RESUME_LIST];
  if (st.taskNext !== null) steps.unshift(st.taskNext);
  // A hand-written recap may name its next step only in RESUME_NEXT.
  else if (!steps.length && st.resumeNext.trim() && st.resumeNext !== RESUME_NEXT_DEFAULT) steps.push(st.resumeNext);
  return st.c;
}

/** The text list a PENDING line's blocker goes to. */
const blockersOf = (c: CheckpointContent, name: string) => (c as Record<string, unknown>)[name] as string[];

function readLabel(f: string[], n: number): string | null {
  const at = f.indexOf('label', 1);
  const label = at > 0 ? (f[at + 1] ?? '') : '';
  if (!label) return null;
  if (!LABEL_PATTERN.test(label)) throw new RecapError(n, `invalid label '${label.slice(0, 70)}'`);
  return label;
}

function decision(what: string, why: string, blast: string, by: string | undefined): CheckpointContent['decisions'][number] {
  // The record has no blast-radius field: keep it in the why rather than lose it.
  const fullWhy = blast ? `${why}${why ? ' ' : ''}(blast radius: ${blast})` : why;
  return by === undefined ? { what, why: fullWhy } : { what, why: fullWhy, by };
}

function pending(todos: CheckpointContent['todos'], blockers: string[], item: string, blocker: string, status: string | undefined, n: number): void {
  const s = status === undefined ? 'pending' : oneOf(status, todoStatuses, 'todo status', n);
  todos.push({ text: item, status: s });
  if (blocker && blocker !== 'NONE' && !blockers.includes(blocker)) blockers.push(blocker);
}

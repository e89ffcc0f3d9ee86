/**
 * Reads a SESSION_RECAP/1 document (SPEC §7, written by src/checkpoint/record/recap.ts or
 * by an agent) back into record content for `save --input`. Strict: the first
 * line is `SESSION_RECAP/1`, every other non-blank line is a known kind with
 * the right number of fields, and BRANCH, RESUME_NEXT and RESUME_HUMAN must be
 * present. Anything else is a UsageError (exit 129) naming the line — a recap
 * is never silently patched. Git-state lines (BRANCH, COMMITS, UNCOMMITTED,
 * RECONCILE) are checked for shape and otherwise ignored: `save` gathers git
 * state itself.
 */
import { UsageError } from '../../errors.js';
import { RECAP_HEADER, RESUME_NEXT_DEFAULT } from './recap.js';
import { emptyContent, LABEL_PATTERN, modes, taskStatuses, todoStatuses, type CheckpointContent } from './schema.js';

/** Field counts per kind: [min, max]. */
const ARITY: Record<string, [number, number]> = {
  DATE: [1, 99], BRANCH: [1, 3], TASK: [1, 3], NEXT: [1, 1], MODE: [1, 1], COMMITS: [1, 2], UNCOMMITTED: [1, 3],
  DECISION: [1, 4], REJECTED: [1, 2], PENDING: [1, 3], DONE: [1, 1], BLOCKER: [1, 1], QUESTION: [1, 1],
  LEARNING: [1, 1], CONSTRAINT: [1, 1], ASSUMPTION: [1, 1], LINK: [1, 1], FILE: [1, 2], QUOTE: [1, 3],
  NOTES: [1, 1], COMPACT_IMMINENT: [1, 1], RECONCILE: [2, 3], RESUME_NEXT: [1, 1], RESUME_HUMAN: [1, 1],
};
const REQUIRED = ['BRANCH', 'RESUME_NEXT', 'RESUME_HUMAN'] as const;
const ONCE = new Set(['DATE', 'BRANCH', 'TASK', 'MODE', 'NOTES', 'COMPACT_IMMINENT', 'RESUME_NEXT', 'RESUME_HUMAN']);

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
    const arity = ARITY[kind];
    if (!arity) throw new RecapError(i + 1, `unknown line kind '${kind.slice(0, 40)}'`);
    if (f.length < arity[0] || f.length > arity[1]) {
      throw new RecapError(i + 1, `${kind} takes ${arity[0] === arity[1] ? arity[0] : `${arity[0]} to ${arity[1]}`} fields, found ${f.length}`);
    }
    if (ONCE.has(kind) && seen.has(kind)) throw new RecapError(i + 1, `${kind} given twice`);
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
  const c = emptyContent();
  let taskNext: string | null = null;
  let resumeNext = '';
  for (const { kind, f, n } of scan(text)) {
    const [a = '', b, d, e] = f;
    switch (kind) {
      case 'DATE': c.label = readLabel(f, n); break;
      case 'TASK':
        c.task = { title: a, status: b === undefined || b === '' ? 'in_progress' : oneOf(b, taskStatuses, 'task status', n) };
        if (d) taskNext = d;
        break;
      case 'NEXT': c.nextSteps.push(a); break;
      case 'MODE': c.mode = oneOf(a, modes, 'mode', n); break;
      case 'DECISION': c.decisions.push(decision(a, b ?? '', d ?? '', e)); break;
      case 'REJECTED': c.rejected.push({ what: a, why: b ?? '' }); break;
      case 'PENDING': pending(c, a, b ?? 'NONE', d, n); break;
      case 'DONE': c.todos.push({ text: a, status: 'completed' }); break;
      case 'BLOCKER': c.blockers.push(a); break;
      case 'QUESTION': c.questions.push(a); break;
      case 'LEARNING': c.learnings.push(a); break;
      case 'CONSTRAINT': c.constraints.push(a); break;
      case 'ASSUMPTION': c.assumptions.push(a); break;
      case 'LINK': c.links.push(a); break;
      case 'FILE': c.files.push(b === undefined ? { path: a } : { path: a, why: b }); break;
      case 'QUOTE': c.quotes.push({ text: a, by: b ?? '', verbatim: oneOf(d ?? 'verbatim', ['verbatim', 'reconstructed'], 'quote kind', n) === 'verbatim' }); break;
      case 'NOTES': c.notes = a; break;
      case 'COMPACT_IMMINENT': c.compactImminent = oneOf(a, ['true', 'false'], 'value', n) === 'true'; break;
      case 'RESUME_NEXT': resumeNext = a; break;
      default: break; // BRANCH, COMMITS, UNCOMMITTED, RECONCILE, RESUME_HUMAN: git state or prose
    }
  }
  if (taskNext !== null) c.nextSteps.unshift(taskNext);
  // A hand-written recap may name its next step only in RESUME_NEXT.
  else if (!c.nextSteps.length && resumeNext.trim() && resumeNext !== RESUME_NEXT_DEFAULT) c.nextSteps.push(resumeNext);
  return c;
}

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

function pending(c: CheckpointContent, item: string, blocker: string, status: string | undefined, n: number): void {
  const s = status === undefined ? 'pending' : oneOf(status, todoStatuses, 'todo status', n);
  c.todos.push({ text: item, status: s });
  if (blocker && blocker !== 'NONE' && !c.blockers.includes(blocker)) c.blockers.push(blocker);
}

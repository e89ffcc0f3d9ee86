/**
 * `synthesize` planning (SPEC §5): one checkpoint's content from several,
 * merged rather than concatenated. Pure and deterministic: inputs are taken
 * oldest first (ties by id) and nothing depends on anything but the records.
 *
 * - Decisions accumulate. A later decision on the same subject (the text
 *   before a `:` in "subject: choice") supersedes an earlier one; a later
 *   rejection of a decided path supersedes it too. Superseded decisions stay,
 *   marked `[superseded]` with what replaced them.
 * - A decision that retries a dead end rejected earlier is a contradiction:
 *   it is kept and flagged as an open question.
 * - Dead ends from every input are kept.
 * - Open items (questions, blockers, next steps, todos) are merged and
 *   de-duplicated; an item is closed — dropped — only when it was closed
 *   explicitly: a later input that descends from the one listing it names it
 *   in its `done` list (`save --done`), or marks the todo completed. An item
 *   a later checkpoint merely does not repeat is still open (saves carry open
 *   items forward, so absence is no answer).
 * - Files, learnings, constraints, assumptions, links and quotes are unions.
 * - The notes carry a table naming every input.
 *
 * Which rule merges a field is its `merge` in the field table (record/fields.ts).
 */
import type { CheckpointContent, CheckpointRecord } from '../record/schema.js';
import { emptyContent } from '../record/schema.js';
import { FIELDS, type FieldSpec } from '../record/fields.js';
import { forShape, valueIn, type ShapeMakers, type SpecOf } from '../record/content-shapes.js';
import { trimEndWhile } from '../../text/sanitize.js';

export interface SynthesisInput {
  record: CheckpointRecord;
  commit: string;
  /** Ids of the other inputs this one descends from (through its parents). */
  ancestors: ReadonlySet<string>;
}

export interface SynthesisPlan {
  content: CheckpointContent;
  parents: { id: string; commit: string; writer: string }[];
  stats: { superseded: number; contradictions: number; closed: number };
}

type Decision = CheckpointContent['decisions'][number];
type Rejected = CheckpointContent['rejected'][number];
type FileRef = CheckpointContent['files'][number];
type Quote = CheckpointContent['quotes'][number];
interface DecisionEntry { d: Decision; key: string; subject: string | null; from: string; supersededBy: string | null }

/** Compares texts ignoring case, spacing and trailing punctuation. */
export const norm = (s: string): string => trimEndWhile(s.toLowerCase().replace(/\s+/g, ' '), (c) => ' .!;'.includes(c)).trim();

function subjectOf(what: string): string | null {
  const at = what.indexOf(':');
  return at > 0 && at <= 60 ? norm(what.slice(0, at)) : null;
}

const byTime = (a: SynthesisInput, b: SynthesisInput) =>
  Date.parse(a.record.createdAt) - Date.parse(b.record.createdAt) || (a.record.id < b.record.id ? -1 : a.record.id > b.record.id ? 1 : 0);

/** Plans the merged content; `label` goes on the new checkpoint. */
export function planSynthesis(given: readonly SynthesisInput[], opts: { label?: string | null; excluded?: readonly string[] } = {}): SynthesisPlan {
  const inputs = [...given].sort(byTime);
  const newest = inputs.at(-1);
  if (!newest) throw new Error('planSynthesis needs at least one input');
  const c = emptyContent();
  const m: Merging = { inputs, newest: newest.record, stats: { superseded: 0, contradictions: 0, closed: 0 }, contradictions: [], excluded: opts.excluded ?? [] };
  const values = c as Record<string, unknown>;
  // The sources table last: it reports what merging the other fields counted.
  const ordered = [...FIELDS.filter((f) => f.merge !== 'sources'), ...FIELDS.filter((f) => f.merge === 'sources')];
  for (const field of ordered) values[field.name] = forShape<unknown, [Merging]>(MERGE, field, m);
  // A contradiction is an open question.
  c.questions = [...c.questions, ...m.contradictions];
  c.label = opts.label ?? null;
  c.mode = 'salient';
  return { content: c, parents: inputs.map((i) => ({ id: i.record.id, commit: i.commit, writer: i.record.writer })), stats: m.stats };
}

/** What merging shares: the inputs oldest first, the counts, the contradictions found, the inputs left out. */
interface Merging {
  inputs: SynthesisInput[];
  newest: CheckpointRecord;
  stats: SynthesisPlan['stats'];
  contradictions: string[];
  excluded: readonly string[];
}

/** Every input's values of `field`, oldest first. */
const all = <S extends FieldSpec['shape']>(m: Merging, field: SpecOf<S>) => m.inputs.flatMap((i) => valueIn(i.record, field) as unknown[]);

/** Each shape merged by its field's rule. */
const MERGE: ShapeMakers<[Merging]> = {
  task: (f, m) => ({ ...valueIn(m.newest, f) }),
  text: (f, m) => (f.merge === 'open'
    ? openItems(m.inputs, (r) => valueIn(r, f), m.stats)
    : unionBy(all(m, f) as string[], norm, (old) => old)),
  pair: (f, m) => unionBy(all(m, f) as Rejected[], (r) => norm(r.what), (old, r) => ({ what: old.what, why: r.why || old.why })),
  attributed: (f, m) => (f.merge === 'supersede'
    ? mergeDecisions(m, f)
    : unionBy(all(m, f) as Decision[], (d) => norm(d.what), (old, d) => ({ ...old, why: d.why || old.why, ...(d.by !== undefined ? { by: d.by } : {}) }))),
  todo: (f, m) => mergeTodos(m.inputs, (r) => valueIn(r, f), m.stats),
  file: (f, m) => unionBy(all(m, f) as FileRef[], (x) => x.path, (old, x) => (x.why ? { path: old.path, why: x.why } : old)),
  quote: (f, m) => unionBy(all(m, f) as Quote[], (q) => `${q.by}\u0000${q.text}`, (old) => old),
  notes: (_f, m) => sourceTable(m.inputs, m.stats, m.excluded),
};

/**
 * Decisions of `field`, later ones superseding earlier ones on the same subject; a later entry in
 * the dead ends (`rejected`) supersedes a decision, and a decision that retries an earlier dead end
 * is a contradiction (`m.contradictions`).
 */
function mergeDecisions(m: Merging, field: SpecOf<'attributed'>): Decision[] {
  const { inputs, stats, contradictions } = m;
  const entries: DecisionEntry[] = [];
  const rejectedIn = new Map<string, { id: string; why: string }>();
  const current = () => entries.filter((e) => e.supersededBy === null);
  for (const { record } of inputs) {
    for (const d of valueIn(record, field)) {
      const key = norm(d.what);
      const subject = subjectOf(d.what);
      const same = current().find((e) => e.key === key);
      if (same) {
        same.d = { ...same.d, why: d.why || same.d.why, ...(d.by !== undefined ? { by: d.by } : {}) };
        continue;
      }
      for (const e of current()) {
        if (subject !== null && e.subject === subject) e.supersededBy = `"${d.what}" in ${record.id}`;
      }
      const dead = rejectedIn.get(key);
      if (dead) contradictions.push(`contradiction: "${d.what}" was decided in ${record.id} but rejected as a dead end in ${dead.id}${dead.why ? ` (${dead.why})` : ''}`);
      entries.push({ d, key, subject, from: record.id, supersededBy: null });
    }
    for (const r of record.rejected) {
      const key = norm(r.what);
      for (const e of current()) if (e.key === key && e.from !== record.id) e.supersededBy = `its rejection in ${record.id}`;
      rejectedIn.set(key, { id: record.id, why: r.why });
    }
  }
  stats.superseded = entries.filter((e) => e.supersededBy !== null).length;
  stats.contradictions = contradictions.length;
  return entries.map(({ d, supersededBy }) => {
    if (supersededBy === null) return d;
    const why = `${d.why}${d.why ? ' ' : ''}(superseded by ${supersededBy})`;
    return { ...d, what: `[superseded] ${d.what}`, why };
  });
}

/** Whether `key` (normalised) was closed explicitly (`done`) by a later input descending from `from`. */
function isClosed(inputs: SynthesisInput[], from: string, key: string): boolean {
  return inputs.some((i) => i.ancestors.has(from) && (i.record.done ?? []).some((d) => norm(d) === key));
}

function openItems(inputs: SynthesisInput[], pick: (r: CheckpointRecord) => string[], stats: SynthesisPlan['stats']): string[] {
  const out = new Map<string, string>();
  const closed = new Set<string>();
  // The newest input's items first: its first next step is the resume step.
  for (const input of [...inputs].reverse()) {
    for (const item of pick(input.record)) {
      const key = norm(item);
      if (out.has(key) || closed.has(key)) continue;
      if (isClosed(inputs, input.record.id, key)) closed.add(key);
      else out.set(key, item);
    }
  }
  stats.closed += [...closed].filter((k) => !out.has(k)).length;
  return [...out.values()];
}

function mergeTodos(inputs: SynthesisInput[], pick: (r: CheckpointRecord) => CheckpointContent['todos'], stats: SynthesisPlan['stats']): CheckpointContent['todos'] {
  const latest = new Map<string, CheckpointContent['todos'][number]>();
  for (const { record } of inputs) for (const t of pick(record)) latest.set(norm(t.text), t);
  const out: CheckpointContent['todos'] = [];
  for (const [key, todo] of latest) {
    const origin = inputs.find((i) => pick(i.record).some((t) => norm(t.text) === key));
    if (todo.status === 'completed' || (origin && isClosed(inputs, origin.record.id, key))) stats.closed++;
    else out.push(todo);
  }
  return out;
}

/** First occurrence keeps its place; later ones are folded in with `merge`. */
function unionBy<T>(items: T[], keyOf: (t: T) => string, merge: (old: T, next: T) => T): T[] {
  const out = new Map<string, T>();
  for (const item of items) {
    const key = keyOf(item);
    const old = out.get(key);
    out.set(key, old === undefined ? item : merge(old, item));
  }
  return [...out.values()];
}

function sourceTable(inputs: SynthesisInput[], stats: SynthesisPlan['stats'], excluded: readonly string[]): string {
  const cell = (s: string) => s.replace(/\s+/g, ' ').replace(/\|/g, '\\|');
  const rows = inputs.map(({ record: r }) =>
    `| ${r.id} | ${r.createdAt} | ${cell(r.writer)} | ${cell(r.git.branch ?? '(detached)')} | ${cell(r.task.title)} |`);
  const lines = [
    `Synthesized from ${inputs.length} checkpoint(s), oldest first:`, '',
    '| id | saved (UTC) | writer | branch | task |', '| --- | --- | --- | --- | --- |', ...rows, '',
    `Superseded decisions: ${stats.superseded}; contradictions: ${stats.contradictions}; open items closed: ${stats.closed}.`,
  ];
  if (excluded.length) lines.push(`Excluded: ${excluded.join(', ')}.`);
  for (const { record: r } of inputs) if (r.notes?.trim()) lines.push('', `Notes of ${r.id}:`, r.notes.trimEnd());
  return lines.join('\n');
}

/**
 * Reads a markdown checkpoint (SPEC §7) back into record content for `save
 * --input`/`--edit`: exact for what `renderMarkdown` writes, loose for what a
 * person types. Grammar (src/checkpoint/record/md.ts imports its pieces from here):
 * `#`/`##` headings name sections; before the first, `- Key: value` lines and
 * notes as a `>` quote. Items are `-`/`*`/`+`/`1.` lines, continued by indented
 * lines. A backslash before ASCII punctuation, whitespace or `—` stands for
 * that character (as in CommonMark), which is then never syntax nor trimmed.
 * `what — why` (or `what :: why`, as in `save --decision`) splits at the first
 * unescaped separator; a decision may end `(by who)`. Git state sections,
 * HTML comments and the closing line are skipped.
 */
import { LABEL_PATTERN, emptyContent, modes, taskStatuses, type CheckpointContent } from './schema.js';
import { FIELDS, type FieldSpec } from './fields.js';
import { forShape, type ShapeMakers } from './content-shapes.js';
import { oneLine } from '../../text/sanitize.js';

export type ParseMdResult = { ok: true; content: CheckpointContent } | { ok: false; error: string };

/**
 * The git-state sections `show` writes among the fields' (whose headings are
 * in the field table), at these places; never read back.
 */
export const GIT_SECTIONS = [
  { key: 'worktree', title: 'Uncommitted changes', aliases: ['uncommitted'], at: 130 },
  { key: 'commits', title: 'Recent commits', aliases: ['commits'], at: 140 },
  { key: 'lineage', title: 'Lineage', aliases: [], at: 160 },
  { key: 'redactions', title: 'Redactions', aliases: [], at: 170 },
] as const;
type Section = FieldSpec | 'git';
const SECTION_BY_NAME = new Map<string, Section>([
  ...FIELDS.flatMap((f) => [f.md.heading.toLowerCase(), ...('aliases' in f.md ? f.md.aliases : [])].map((name) => [name, f] as const)),
  ...GIT_SECTIONS.flatMap((g) => [g.title.toLowerCase(), ...g.aliases].map((name) => [name, 'git'] as const)),
]);
const IGNORED_HEADER_KEYS = new Set(['writer', 'author', 'remote', 'head', 'upstream', 'in progress', 'not collected', 'saved', 'branch', 'id']);

/** Marks the first next step; read back anywhere in Next, since an editor may reorder the list. */
export const RESUME_MARKER = '(resume here)';
const RESUME = /^\(resume here\)(?:[ \t]+|$)/i;
/** Starts the closing line; everything after it is ignored. */
export const FOOTER_LEAD = '**Verify before operating:**';
/** Todo checkboxes; `/` is also read as in progress. */
export const TODO_MARKS = { pending: ' ', in_progress: '~', completed: 'x' } as const;
const TODO_BY_MARK: Record<string, keyof typeof TODO_MARKS> = { ' ': 'pending', x: 'completed', X: 'completed', '~': 'in_progress', '/': 'in_progress' };

/** Whether a backslash before `ch` escapes it: ASCII punctuation, whitespace, or the `—` separator. */
export function isEscapable(ch: string | undefined): boolean {
  return ch !== undefined && /^[!-/:-@[-`{-~\s—]$/u.test(ch);
}
/** One character of a value, or a backslash and the character it escapes. */
const TOKEN = /\\[!-/:-@[-`{-~\s—]|[\s\S]/gu;

/** A field seen character by character: undefined outside it, null where a character is escaped. */
export type CharAt = (i: number) => string | null | undefined;
const isSpaceOrEdge = (c: string | null | undefined) => c === undefined || (c !== null && /^\s$/u.test(c));

/** Length of a what/why separator (`—` or `::` between spaces or field edges) starting at `i`, else 0. */
export function separatorAt(at: CharAt, i: number): number {
  const len = at(i) === '—' ? 1 : at(i) === ':' && at(i + 1) === ':' ? 2 : 0;
  return len && isSpaceOrEdge(at(i - 1)) && isSpaceOrEdge(at(i + len)) ? len : 0;
}

/** Whether a `(by ` attribution opens at `i`. */
export function byOpensAt(at: CharAt, i: number): boolean {
  return at(i) === '(' && at(i + 1)?.toLowerCase() === 'b' && at(i + 2)?.toLowerCase() === 'y' && isSpaceOrEdge(at(i + 3));
}

class MdError extends Error {
  constructor(readonly line: number, message: string) { super(message); }
}

/**
 * Parses markdown in the shape `renderMarkdown` writes. Never throws; an error names the
 * line (1-based) and the problem. Blank items are kept as "", so templates must not leave any.
 */
export function parseMarkdown(text: string): ParseMdResult {
  const s: Scan = { where: 'header', inComment: false, last: null, quote: null, header: [], notes: [], sections: {} };
  try {
    text.replace(/^\ufeff/, '').split('\n').forEach((line, i) => scanLine(s, line.replace(/\r$/, ''), i + 1));
    return { ok: true, content: build(s) };
  } catch (err) {
    if (err instanceof MdError) return { ok: false, error: `line ${err.line}: ${err.message}` };
    throw err;
  }
}

type Item = { raw: string; line: number };
/**
 * Lines sorted by section (by field name); `last` is the item an indented line continues, `quote`
 * the open run of header notes, `notes` the runs.
 */
interface Scan { where: Section | 'header' | 'footer'; inComment: boolean; last: Item | null;
  quote: string[] | null; header: Item[]; notes: string[][]; sections: Record<string, Item[]> }

const BULLET = /^(?:[-*+]|\d{1,9}[.)])(?:[ \t]+|$)/;

function scanLine(s: Scan, line: string, n: number): void {
  if (s.inComment) { s.inComment = !line.includes('-->'); return; }
  if (s.where === 'footer') return;
  const heading = /^(#{1,6})(?:[ \t]+(.*))?$/.exec(line);
  if (heading) return enterSection(s, heading[1]!.length, heading[2] ?? '', n);
  if (line.toLowerCase().startsWith(FOOTER_LEAD.toLowerCase())) { s.where = 'footer'; return; }
  if (/^\s*<!--/.test(line)) { s.inComment = !line.includes('-->'); return; }
  const where = s.where;
  if (typeof where === 'object' && where.shape === 'notes') return void (s.sections[where.name] ??= []).push({ raw: line.replace(/^> ?/, ''), line: n });
  // Only unspaced rules (`---`): `- - -` is how an item holding "- -" is written.
  if (!line.trim() || /^ {0,3}(-{3,}|\*{3,}|_{3,})\s*$/.test(line)) { s.quote = null; return; }
  if (where === 'header') return scanHeader(s, line, n);
  if (where === 'git') return;
  const items = (s.sections[where.name] ??= []);
  if (where.shape === 'task') return void items.push({ raw: line, line: n });
  const bullet = BULLET.exec(line);
  if (bullet) items.push((s.last = { raw: line.slice(bullet[0].length), line: n }));
  else if (/^\s/.test(line) && s.last) s.last.raw += ` ${line.trim()}`;
  else throw new MdError(n, `expected a list item ("- …") under "${where.md.heading}"`);
}

function enterSection(s: Scan, level: number, title: string, n: number): void {
  const name = title.replace(/[\s#:]+$/, '').replace(/\s+/g, ' ').toLowerCase();
  const section = SECTION_BY_NAME.get(name);
  s.last = null;
  s.quote = null;
  if (section) s.where = section;
  else if (level > 1 || s.where !== 'header') throw new MdError(n, `unknown section "${oneLine(title, 60)}"`);
}

function scanHeader(s: Scan, line: string, n: number): void {
  if (line.startsWith('>')) {
    if (!s.quote) s.notes.push((s.quote = []));
    s.quote.push(line.replace(/^> ?/, ''));
  } else if (BULLET.test(line)) {
    s.quote = null;
    s.header.push({ raw: line.replace(BULLET, ''), line: n });
  } else throw new MdError(n, 'expected "- Key: value" or a "> " notes line before the first section');
}

function build(s: Scan): CheckpointContent {
  const c = emptyContent();
  for (const item of s.header) applyHeader(c, item);
  const values = c as Record<string, unknown>;
  for (const field of FIELDS) values[field.name] = forShape<unknown, [Item[], Scan]>(READ, field, s.sections[field.name] ?? [], s);
  return c;
}

/** Each shape read from its section's items (and the header's notes). */
const READ: ShapeMakers<[Item[], Scan]> = {
  task: (_f, items) => parseTask(items),
  text: (f, items) => items.map(({ raw }) => textOf(tokenize(f.resume ? raw.replace(RESUME, '') : raw))),
  pair: (_f, items) => items.map(({ raw }) => { const [what, why] = splitPair(tokenize(raw)); return { what, why: why ?? '' }; }),
  attributed: (_f, items) => items.map(({ raw }) => parseDecision(raw)),
  todo: (_f, items) => items.map(({ raw }) => parseTodo(raw)),
  file: (_f, items) => items.map(({ raw, line }) => parseFile(raw, line)),
  quote: (_f, items) => items.map(({ raw, line }) => parseQuote(raw, line)),
  notes: (_f, items, s) => readNotes(items, s),
};

/** The header's `>` runs, then the section's text, joined by blank lines; null when there is none. */
function readNotes(items: Item[], s: Scan): string | null {
  // (Blank lines at either end dropped: at the end from the first break after the text, where `trimEnd` stops; `\n\s*$` would read a
  // long run of blank lines once for each of them.)
  const joined = items.map((l) => l.raw).join('\n').replace(/^\s*\n/, '');
  const cut = joined.indexOf('\n', joined.trimEnd().length);
  const section = cut < 0 ? joined : joined.slice(0, cut);
  const notes = [...s.notes.map((run) => run.join('\n')), ...(section ? [section] : [])];
  return notes.length ? notes.join('\n\n') : null;
}

function applyHeader(c: CheckpointContent, { raw, line }: Item): void {
  const m = /^([^:]+):(.*)$/.exec(raw);
  const key = m?.[1]?.trim().toLowerCase() ?? '';
  const value = m?.[2]?.trim() ?? '';
  const lower = value.toLowerCase();
  if (key === 'label' && value && !LABEL_PATTERN.test(value)) {
    throw new MdError(line, 'expected a label of [A-Za-z0-9._-], 1 to 64 characters');
  }
  if (key === 'label') c.label = value || null;
  else if (key === 'mode') c.mode = oneOf(modes, lower, line, 'mode');
  else if (key === 'compact imminent') c.compactImminent = ['yes', 'true'].includes(oneOf(['yes', 'no', 'true', 'false'], lower, line, key));
  else if (!IGNORED_HEADER_KEYS.has(key)) throw new MdError(line, `unknown header field "${oneLine(m?.[1] ?? raw, 40)}"`);
}

function oneOf<T extends string>(allowed: readonly T[], value: string, line: number, what: string): T {
  const found = allowed.find((a) => a === value);
  if (found === undefined) throw new MdError(line, `${what} must be one of ${allowed.join(', ')}, not "${oneLine(value, 40)}"`);
  return found;
}

function parseTask(lines: Item[]): CheckpointContent['task'] {
  const task = emptyContent().task;
  const titles: string[] = [];
  for (const { raw, line } of lines) {
    const status = /^(?:[-*+][ \t]+)?status[ \t]*:(.*)$/i.exec(raw);
    if (status) task.status = oneOf(taskStatuses, status[1]!.trim().toLowerCase().replace(/[\s-]+/g, '_'), line, 'status');
    else titles.push(textOf(tokenize(raw.replace(BULLET, ''))));
  }
  task.title = titles.join(' ');
  return task;
}

type Tok = { c: string; esc: boolean };

const tokenize = (raw: string): Tok[] =>
  (raw.match(TOKEN) ?? []).map((t) => (t[0] === '\\' && t.length > 1 ? { c: t.slice(1), esc: true } : { c: t, esc: false }));

const atOf = (toks: Tok[]): CharAt => (i) => (toks[i] === undefined ? undefined : toks[i]!.esc ? null : toks[i]!.c);
const isSpace = (t: Tok | undefined) => !!t && !t.esc && /^\s$/u.test(t.c);
const isMark = (t: Tok | undefined, c: string) => !!t && !t.esc && t.c === c;

function trim(toks: Tok[]): Tok[] {
  let [a, b] = [0, toks.length];
  while (a < b && isSpace(toks[a])) a++;
  while (b > a && isSpace(toks[b - 1])) b--;
  return toks.slice(a, b);
}

const textOf = (toks: Tok[]) => trim(toks).map((t) => t.c).join('');

/** Splits at the first separator: [before, after], or [all, undefined] when there is none. */
function splitPair(toks: Tok[]): [string, string | undefined] {
  const at = atOf(toks);
  for (let i = 0; i < toks.length; i++) {
    const len = separatorAt(at, i);
    if (len) return [textOf(toks.slice(0, i)), textOf(toks.slice(i + len))];
  }
  return [textOf(toks), undefined];
}

/**
 * A value that may open with `mark` (a backtick or a quote): the text up to the
 * closing mark and what follows a separator after it (undefined when nothing
 * does). Without the mark, the value splits like `what — why`.
 */
function marked(toks: Tok[], mark: string, line: number): [string, string | undefined] {
  if (!isMark(toks[0], mark)) return splitPair(toks);
  const end = toks.findIndex((t, i) => i > 0 && isMark(t, mark));
  if (end < 0) throw new MdError(line, `missing closing ${mark}`);
  const rest = trim(toks.slice(end + 1));
  const len = separatorAt(atOf(rest), 0);
  if (rest.length && !len) throw new MdError(line, `expected " — " after the closing ${mark}`);
  return [textOf(toks.slice(1, end)), rest.length ? textOf(rest.slice(len)) : undefined];
}

function parseDecision(raw: string): CheckpointContent['decisions'][number] {
  let toks = tokenize(raw);
  let by: string | undefined;
  const at = atOf(toks);
  const open = isMark(toks.at(-1), ')') ? toks.findIndex((_, i) => byOpensAt(at, i)) : -1;
  if (open >= 0) [by, toks] = [textOf(toks.slice(open + 4, -1)), toks.slice(0, open)];
  const [what, why] = splitPair(toks);
  return by === undefined ? { what, why: why ?? '' } : { what, why: why ?? '', by };
}

function parseTodo(raw: string): CheckpointContent['todos'][number] {
  const box = /^\[([ xX~/])\](?:[ \t]+|$)/.exec(raw);
  const text = textOf(tokenize(box ? raw.slice(box[0].length) : raw));
  return { text, status: TODO_BY_MARK[box?.[1] ?? ' '] ?? 'pending' };
}

function parseFile(raw: string, line: number): CheckpointContent['files'][number] {
  const [path, why] = marked(trim(tokenize(raw)), '`', line);
  return why === undefined ? { path } : { path, why };
}

function parseQuote(raw: string, line: number): CheckpointContent['quotes'][number] {
  const toks = trim(tokenize(raw));
  const verbatim = !isMark(toks[0], '~');
  const [text, by] = marked(verbatim ? toks : trim(toks.slice(1)), '"', line);
  return { text, by: by ?? '', verbatim };
}

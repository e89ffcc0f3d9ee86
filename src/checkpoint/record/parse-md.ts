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
import { oneLine } from '../../text/sanitize.js';

export type ParseMdResult = { ok: true; content: CheckpointContent } | { ok: false; error: string };

/** Section headings as rendered. `notes` is only read (hand-written); rendering puts notes in the header. */
export const SECTION_TITLES = {
  task: 'Task', nextSteps: 'Next', decisions: 'Decisions', rejected: 'Rejected paths', blockers: 'Blockers',
  questions: 'Open questions', learnings: 'Learnings', constraints: 'Constraints', assumptions: 'Assumptions',
  todos: 'Todos', files: 'Hot files', links: 'Links', worktree: 'Uncommitted changes', commits: 'Recent commits',
  quotes: 'Quotes', lineage: 'Lineage', redactions: 'Redactions', notes: 'Notes',
} as const;
type SectionKey = keyof typeof SECTION_TITLES;
const SECTION_BY_NAME = new Map<string, SectionKey>([
  ...Object.entries(SECTION_TITLES).map(([key, title]) => [title.toLowerCase(), key as SectionKey] as const),
  ['next steps', 'nextSteps'], ['rejected', 'rejected'], ['dead ends', 'rejected'], ['questions', 'questions'],
  ['todo', 'todos'], ['files', 'files'], ['uncommitted', 'worktree'], ['commits', 'commits'],
]);
const GIT_SECTIONS = new Set<SectionKey>(['worktree', 'commits', 'lineage', 'redactions']);
const IGNORED_HEADER_KEYS = new Set(['writer', 'author', 'remote', 'head', 'upstream', 'not collected', 'saved', 'branch', 'id']);

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
/** Lines sorted by section; `last` is the item an indented line continues, `quote` the open notes run. */
interface Scan { where: SectionKey | 'header' | 'footer'; inComment: boolean; last: Item | null;
  quote: string[] | null; header: Item[]; notes: string[][]; sections: Partial<Record<SectionKey, Item[]>> }

const BULLET = /^(?:[-*+]|\d{1,9}[.)])(?:[ \t]+|$)/;

function scanLine(s: Scan, line: string, n: number): void {
  if (s.inComment) { s.inComment = !line.includes('-->'); return; }
  if (s.where === 'footer') return;
  const heading = /^(#{1,6})(?:[ \t]+(.*))?$/.exec(line);
  if (heading) return enterSection(s, heading[1]!.length, heading[2] ?? '', n);
  if (line.toLowerCase().startsWith(FOOTER_LEAD.toLowerCase())) { s.where = 'footer'; return; }
  if (/^\s*<!--/.test(line)) { s.inComment = !line.includes('-->'); return; }
  if (s.where === 'notes') return void (s.sections.notes ??= []).push({ raw: line.replace(/^> ?/, ''), line: n });
  // Only unspaced rules (`---`): `- - -` is how an item holding "- -" is written.
  if (!line.trim() || /^ {0,3}(-{3,}|\*{3,}|_{3,})\s*$/.test(line)) { s.quote = null; return; }
  if (s.where === 'header') return scanHeader(s, line, n);
  if (GIT_SECTIONS.has(s.where)) return;
  if (s.where === 'task') return void (s.sections.task ??= []).push({ raw: line, line: n });
  const bullet = BULLET.exec(line);
  if (bullet) (s.sections[s.where] ??= []).push((s.last = { raw: line.slice(bullet[0].length), line: n }));
  else if (/^\s/.test(line) && s.last) s.last.raw += ` ${line.trim()}`;
  else throw new MdError(n, `expected a list item ("- …") under "${SECTION_TITLES[s.where]}"`);
}

function enterSection(s: Scan, level: number, title: string, n: number): void {
  const name = title.replace(/[\s#:]+$/, '').replace(/\s+/g, ' ').toLowerCase();
  const key = SECTION_BY_NAME.get(name);
  s.last = null;
  s.quote = null;
  if (key) s.where = key;
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
  const list = <T>(key: SectionKey, parse: (raw: string, line: number) => T): T[] =>
    (s.sections[key] ?? []).map((item) => parse(item.raw, item.line));
  c.task = parseTask(s.sections.task ?? []);
  c.nextSteps = list('nextSteps', (raw) => textOf(tokenize(raw.replace(RESUME, ''))));
  c.decisions = list('decisions', parseDecision);
  c.rejected = list('rejected', (raw) => { const [what, why] = splitPair(tokenize(raw)); return { what, why: why ?? '' }; });
  for (const key of ['blockers', 'questions', 'learnings', 'constraints', 'assumptions', 'links'] as const) {
    c[key] = list(key, (raw) => textOf(tokenize(raw)));
  }
  c.todos = list('todos', parseTodo);
  c.files = list('files', parseFile);
  c.quotes = list('quotes', parseQuote);
  const section = (s.sections.notes ?? []).map((l) => l.raw).join('\n').replace(/^\s*\n|\n\s*$/g, '');
  const notes = [...s.notes.map((run) => run.join('\n')), ...(section ? [section] : [])];
  c.notes = notes.length ? notes.join('\n\n') : null;
  return c;
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

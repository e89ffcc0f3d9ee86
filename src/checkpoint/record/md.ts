/**
 * The human checkpoint of SPEC §7 (`CHECKPOINT.md`, `show --format md`).
 * Every string from the record is untrusted (SPEC §9) and goes through
 * `visible`/`visibleMultiline`; content fields are then escaped in the grammar
 * of src/checkpoint/record/parse-md.ts so that `save --input` reads them back exactly.
 */
import type { CheckpointRecord, GitState } from './schema.js';
import { FIELDS } from './fields.js';
import { onShape, type ShapeHandlers } from './content-shapes.js';
import {
  FOOTER_LEAD, GIT_SECTIONS, RESUME_MARKER, TODO_MARKS, byOpensAt, isEscapable, separatorAt,
} from './parse-md.js';
import { recordedWip, whyNoWip } from './wip-state.js';
import { visible, visibleMultiline } from '../../text/sanitize.js';

export interface MarkdownOptions {
  /** Bold headings with ANSI escapes; off by default (stored markdown is never coloured). */
  color?: boolean;
  /** The remote a fetched checkpoint came from; null or absent for the own chains. */
  remote?: string | null;
}

/** Given a field's characters, picks those that get a backslash besides the ones every field escapes. */
type Special = (chars: readonly string[]) => (i: number) => boolean;

const none: Special = () => () => false;
const isSeparator: Special = (chars) => (i) => separatorAt((j) => chars[j], i) > 0;
const isByOpen: Special = (chars) => (i) => byOpensAt((j) => chars[j], i);
const isLeftOfWhy: Special = (chars) => (i) => isSeparator(chars)(i) || isByOpen(chars)(i);
const isChar = (c: string): Special => (chars) => (i) => chars[i] === c;

/**
 * Makes one value safe and unambiguous: control characters made visible, a
 * backslash doubled where it would otherwise escape what follows (or the
 * separator after the field), whitespace at either end escaped so it survives
 * trimming, and whatever `special` picks escaped so it is not read as syntax.
 */
function field(value: string, special: Special = none): string {
  const chars = [...visible(value)];
  const last = chars.length - 1;
  const isSpecial = special(chars);
  return chars
    .map((c, i) => {
      if (c === '\\') return i === last || isEscapable(chars[i + 1]) ? '\\\\' : '\\';
      const isEdgeSpace = (i === 0 || i === last) && /\s/u.test(c);
      return isEdgeSpace || isSpecial(i) ? `\\${c}` : c;
    })
    .join('');
}

/** A title line must not start like a heading, item, quote, comment, rule or `Status:`. */
const titleSpecial: Special = (chars) => {
  const lead = /^(?:[!-/:-@[-`{-~]|\d{1,9}[.)]|status\s*:)/i.exec(chars.join(''));
  const at = lead ? [...lead[0]].length - 1 : -1;
  return (i) => i === at;
};

const resumeSpecial: Special = (chars) => {
  const isMarked = chars.slice(0, RESUME_MARKER.length).join('').toLowerCase() === RESUME_MARKER;
  return (i) => isMarked && i === 0;
};

const item = (marker: string, body: string) => (body ? `${marker} ${body}` : marker);
const plain = (values: readonly string[]) => values.map((v) => item('-', field(v)));
const utc = (iso: string) => `${visible(iso.replace('T', ' ').replace(/(\.\d+)?Z$/, ''))} UTC`;

/**
 * Renders a checkpoint as markdown: title line, header, then the sections of
 * SPEC §7 in order, empty ones omitted, and the closing "Verify" line. Ends
 * with a newline. `parseMarkdown` reads the content fields back exactly when
 * their strings hold no control characters (those come back escaped).
 */
export function renderMarkdown(record: CheckpointRecord, opts: MarkdownOptions = {}): string {
  const bold = (text: string) => (opts.color ? `\x1b[1m${text}\x1b[0m` : text);
  const r = record;
  const branch = r.git.branch === null ? '(detached)' : visible(r.git.branch);
  const blocks = [bold(`# Checkpoint ${visible(r.id)} — saved ${utc(r.createdAt)} on ${branch}`), ...headerBlocks(r, opts)];
  for (const section of SECTIONS) {
    const lines = section.lines(r);
    if (lines.length) blocks.push(`${bold(`## ${section.title}`)}\n\n${lines.join('\n')}`);
  }
  blocks.push(`${FOOTER_LEAD} this is a snapshot from ${utc(r.createdAt)}; run \`git checkpoint status\` to compare it with the repository before acting on it.`);
  return `${blocks.join('\n\n')}\n`;
}

type Section = { at: number; title: string; lines: (r: CheckpointRecord) => string[] };

const GIT_LINES: Record<(typeof GIT_SECTIONS)[number]['key'], Section['lines']> = {
  worktree: (r) => worktreeLines(r.git),
  commits: (r) => r.git.commits.map((c) => `- ${visible(c.oid.slice(0, 7))} ${visible(c.subject)}`),
  lineage: (r) => r.parents.map((p) => `- ${visible(p)}`),
  redactions: (r) => Object.entries(r.redactions).sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, n]) => `- ${visible(k)}: ${n}`),
};

/** Each shape's section lines. */
const LINES: ShapeHandlers<string[], [CheckpointRecord]> = {
  task: (task) => taskLines(task),
  text: (values, f, r) => {
    const lines = f.resume ? values.map(stepLine) : plain(values);
    return f.carry ? markCarried(lines, (r.carried as Record<string, number> | null | undefined)?.[f.name], r.carried?.from) : lines;
  },
  pair: (values) => values.map((d) => item('-', pair(field(d.what, isSeparator), d.why && field(d.why)))),
  attributed: (values) => values.map(decisionLine),
  todo: (values) => values.map((t) => item(`- [${TODO_MARKS[t.status]}]`, field(t.text))),
  file: (values) => values.map(fileLine),
  quote: (values) => values.map((q) => `- ${q.verbatim ? '' : '~'}"${field(q.text, isChar('"'))}"${q.by ? ` — ${field(q.by)}` : ''}`),
  notes: () => [],
};

/** The fields' sections (all but notes, which go in the header) and the git sections, by place. */
const SECTIONS: readonly Section[] = [
  ...FIELDS.flatMap((f): Section[] => ('at' in f.md ? [{ at: f.md.at, title: f.md.heading, lines: (r) => onShape(LINES, f, r, r) }] : [])),
  ...GIT_SECTIONS.map((g): Section => ({ at: g.at, title: g.title, lines: GIT_LINES[g.key] })),
].sort((a, b) => a.at - b.at);

/**
 * Marks the last `count` items as carried forward from checkpoint `from` with
 * a whole-line comment, which the markdown parser skips (an `--input` of this
 * text reads the items back unchanged).
 */
function markCarried(lines: string[], count: number | undefined, from: string | undefined): string[] {
  if (!count || !from || count > lines.length) return lines;
  const at = lines.length - count;
  return [...lines.slice(0, at), `<!-- carried from ${visible(from)} (still open; save --done <n|text> closes one) -->`, ...lines.slice(at)];
}

function stepLine(step: string, i: number): string {
  // Joined rather than trimmed: trimming would eat the space of a trailing `\ ` escape.
  return item(`${i + 1}.`, [i === 0 ? RESUME_MARKER : '', field(step, resumeSpecial)].filter(Boolean).join(' '));
}

function decisionLine(d: CheckpointRecord['decisions'][number]): string {
  const by = d.by === undefined ? '' : ` (by ${field(d.by)})`;
  return item('-', pair(field(d.what, isLeftOfWhy), d.why && field(d.why, isByOpen)) + by);
}

/** The path in backticks; ` —` alone records an empty why, nothing at all an absent one. */
function fileLine(f: CheckpointRecord['files'][number]): string {
  const why = f.why === undefined ? '' : f.why ? ` — ${field(f.why)}` : ' —';
  return `- \`${field(f.path, isChar('`'))}\`${why}`;
}

/** `what — why`, or `what` alone when there is no why (read back as an empty why). */
function pair(what: string, why: string): string {
  return why ? `${what} — ${why}` : what;
}

function headerBlocks(r: CheckpointRecord, opts: MarkdownOptions): string[] {
  const g = r.git;
  const lines = [`- Writer: ${visible(r.writer)}`, `- Author: ${visible(r.author.name)} <${visible(r.author.email)}>`];
  if (opts.remote) lines.push(`- Remote: ${visible(opts.remote)}`);
  if (r.label !== null) lines.push(`- Label: ${visible(r.label)}`);
  lines.push(`- Mode: ${visible(r.mode)}`);
  if (r.compactImminent) lines.push('- Compact imminent: yes');
  lines.push(`- Head: ${g.head === null ? '(unborn)' : visible(g.head.slice(0, 7))}`);
  if (g.upstream !== null) lines.push(`- Upstream: ${visible(g.upstream)} (ahead ${g.ahead}, behind ${g.behind})`);
  if (g.inProgress) lines.push(`- In progress: ${visible(g.inProgress)} (saved while git waited for the ${visible(g.inProgress)} to be concluded)`);
  for (const n of g.notCollected) lines.push(`- Not collected: ${visible(n.section)}: ${visible(n.reason)}`);
  const blocks = [lines.join('\n')];
  // Notes live in the header as a `>` quote: every line is prefixed, so no
  // line of free text can pass for a heading, an item or the closing line.
  for (const f of FIELDS) {
    const notes = f.shape === 'notes' ? r[f.name] : null;
    if (notes !== null) blocks.push(visibleMultiline(notes).split('\n').map((l) => (l ? `> ${l}` : '>')).join('\n'));
  }
  return blocks;
}

function taskLines(task: CheckpointRecord['task']): string[] {
  const status = `Status: ${visible(task.status).replace(/_/g, ' ')}`;
  return task.title ? [field(task.title, titleSpecial), '', status] : [status];
}

/** Git state is shown, never read back: plain `visible` text, no field escaping. */
function worktreeLines(g: GitState): string[] {
  const wt = g.worktree;
  if (!wt.collected) return [`- not collected: ${visible(wt.reason ?? 'no reason recorded')}`];
  const lines = wt.files.map((f) => {
    const note = f.status === '??' ? ' (untracked)' : f.staged ? ' (staged)' : '';
    return `- ${visible(f.status)} ${visible(f.path)}${note}`;
  });
  if (wt.truncated) lines.push(`- (truncated: ${wt.files.length} of ${wt.total} shown)`);
  for (const e of g.wip?.excluded ?? []) lines.push(`- not saved in wip: ${visible(e.path)} (${visible(e.reason)})`);
  // Listed is not restorable: say so where the files are listed, in the words every reader uses.
  const why = wt.files.length ? whyNoWip(recordedWip({ git: g })) : null;
  if (why !== null) lines.push(`- no snapshot of these files (${visible(why)}): git checkpoint apply cannot restore them`);
  return lines;
}

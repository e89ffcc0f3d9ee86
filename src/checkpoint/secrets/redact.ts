/**
 * Redaction of free text before anything is written (SPEC §9). Each match
 * becomes `[REDACTED:<reason>]`; only counts are kept, never the values.
 * Every rule looks at the text once; a span claimed by an earlier (more
 * specific) rule is not taken again by a later one, and placeholders already
 * in the text are never matched. Every caller goes through `redactText` (one
 * string), `redactRecordText` (a record) or `redactName` (a branch or a
 * path); `hasSecret` decides whether a working-tree file is kept out of the
 * wip snapshot.
 */
import { BASE_RULES, type Hit, type RedactRule } from './redact-rules.js';
import type { CheckpointContent, GitState } from '../record/schema.js';
import { FIELDS } from '../record/fields.js';
import { onShape, WITH_TEXT } from '../record/content-shapes.js';
import { findInWindows, lineWindows, nearWindows } from './redact-windows.js';
import { readUnescaped, withoutWrittenBreak } from './written-escapes.js';
import { rarePairs } from './entropy.js';

export { BASE_RULES, type RedactRule } from './redact-rules.js';

export type RedactionCounts = Record<string, number>;

/** What a save redacts with: the rules, and what is allowed through anyway. */
export interface RedactOptions {
  rules?: RedactRule[];
  /** A match whose whole text matches one of these is kept (`checkpoint.redactAllow`). */
  allow?: RegExp[];
  /** Addresses never redacted as `email`: the author's own identity. */
  allowEmails?: string[];
}

const MAX_PASSES = 4;
const PLACEHOLDER = (reason: string) => `[REDACTED:${reason}]`;
export const PLACEHOLDER_PATTERN = /\[REDACTED:[a-z0-9-]+\]/g;

function isAllowed(value: string, reason: string, opts: RedactOptions): boolean {
  if (reason === 'email' && opts.allowEmails?.some((e) => e.toLowerCase() === value.toLowerCase())) return true;
  return opts.allow?.some((re) => fullMatch(re, value)) ?? false;
}

/** The span, or the whole match around it, is allowed through. */
function isAllowedHit(text: string, hit: Hit, match: string | undefined, opts: RedactOptions): boolean {
  return isAllowed(text.slice(hit.start, hit.end), hit.reason, opts) || (match !== undefined && isAllowed(match, hit.reason, opts));
}

/** Each allow pattern without `g`/`y` (so that it keeps no position), built once. */
const anchoredCopies = new WeakMap<RegExp, RegExp>();
function fullMatch(re: RegExp, value: string): boolean {
  let copy = anchoredCopies.get(re);
  if (!copy) anchoredCopies.set(re, (copy = new RegExp(re.source, re.flags.replace(/[gy]/g, ''))));
  const m = copy.exec(value);
  return m !== null && m.index === 0 && m[0].length === value.length;
}

/** The spans of one rule, before the overlap and allow checks; `match` is the whole match when it is more than the span. */
function ruleHits(text: string, rule: RedactRule): { hit: Hit; match?: string }[] {
  if (rule.requires && !text.includes(rule.requires)) return [];
  if (rule.find) return rule.find(text).map((hit) => ({ hit }));
  const out: { hit: Hit; match?: string }[] = [];
  if (rule.near) {
    for (const [from, to] of nearWindows(text, rule.near)) patternHits(text.slice(from, to), from, rule, out);
  } else {
    patternHits(text, 0, rule, out);
  }
  return out;
}

function patternHits(text: string, offset: number, rule: RedactRule, out: { hit: Hit; match?: string }[]): void {
  const re = rule.pattern!;
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m[0].length === 0) {
      re.lastIndex++;
      continue;
    }
    const secret = m.groups?.secret ?? m[0];
    if (rule.accept && !rule.accept(secret)) continue;
    const start = offset + m.index + (m.groups?.secret === undefined ? 0 : (m.groups.pre ?? '').length);
    out.push({ hit: { start, end: start + secret.length, reason: rule.reason }, match: m[0] });
  }
}

/** Sorted, non-overlapping spans; `add` refuses a span that touches one already taken. */
class Claims {
  readonly spans: Hit[] = [];
  /** The index of the first span that ends after `at`. */
  private after(at: number): number {
    let lo = 0;
    let hi = this.spans.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.spans[mid]!.end <= at) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  add(hit: Hit): boolean {
    const lo = this.after(hit.start);
    if (lo < this.spans.length && this.spans[lo]!.start < hit.end) return false;
    this.spans.splice(lo, 0, hit);
    return true;
  }

  /**
   * Takes `hit` in place of the spans inside it (none a placeholder already in the text); refused when one reaches past it, or is
   * `hit` itself (taken by its own rule, it keeps that rule's reason: `AWS_SECRET_ACCESS_KEY=…` stays an `aws-key`).
   */
  cover(hit: Hit): boolean {
    const lo = this.after(hit.start);
    let hi = lo;
    while (hi < this.spans.length && this.spans[hi]!.start < hit.end) {
      const s = this.spans[hi]!;
      if (s.start < hit.start || s.end > hit.end || s.reason === '' || (s.start === hit.start && s.end === hit.end)) return false;
      hi++;
    }
    this.spans.splice(lo, hi - lo, hit);
    return true;
  }
}

/** Every span to redact in `text`, in order (placeholders already there are left alone). */
export function findSecrets(text: string, rules: RedactRule[] = BASE_RULES, opts: RedactOptions = {}): Hit[] {
  // A text written out inside a string is read unescaped; a rule that reads quoted values (`readsWritten`) reads it as
  // written too, after (a value may hold a `\t` of its own).
  const unescaped = readUnescaped(text);
  const claims = new Claims();
  if (text.includes('[REDACTED:')) for (const m of text.matchAll(PLACEHOLDER_PATTERN)) claims.add({ start: m.index, end: m.index + m[0].length, reason: '' });
  const allowing = Boolean(opts.allow?.length || opts.allowEmails?.length);
  const pii = new Set<string>();
  for (const rule of rules) {
    if (rule.pii) pii.add(rule.reason);
    const readings = unescaped === null ? [text] : rule.readsWritten ? [unescaped, text] : [unescaped];
    for (const reading of readings) {
      // (An allow pattern is matched against the text as stored; the whole match, from an unescaped reading, is as read.)
      for (const { hit, match } of ruleHits(reading, rule)) {
        if (allowing && isAllowedHit(text, hit, match, opts)) continue;
        claims.add(unescaped === null ? hit : withoutWrittenBreak(text, hit));
      }
    }
  }
  repeatElsewhere(text, claims, pii);
  return claims.spans.filter((s) => s.reason !== '');
}

/**
 * Whether a secret is one that, found again, can only be itself: long, or anything but a word as words are written. A word, a
 * word with a counter or words joined (`petclinic`, `password1`, `non-matching`) is also the name of a user, a database or a
 * variable elsewhere in the text (`MYSQL_USER=petclinic`, `CREATE DATABASE petclinic`, `const password1 = …`), not a secret there;
 * random letters in both cases (`vZrEclFwOqeA`) are not written as words are.
 */
function isDistinctive(value: string): boolean {
  if (value.length >= 16) return true;
  return !/^(?:[a-z]+|[A-Z][a-z]*|[A-Z]+)(?:[-_.](?:[a-z]+|[A-Z][a-z]*|[A-Z]+))*\d{0,4}$|^\d{1,4}[A-Za-z]+$/.test(value);
}

/** The shortest secret whose other occurrences in the same text are redacted too. */
const MIN_REPEATED = 8;

/**
 * A secret found once is redacted wherever else the same text holds it: a
 * token listed twice (`token = 'x' | 'x'`), or named once and pasted again
 * without its key.
 */
function repeatElsewhere(text: string, claims: Claims, pii: Set<string>): void {
  const values = new Map<string, { reason: string; spans: [number, number][] }>();
  for (const s of claims.spans) {
    if (s.reason === '' || pii.has(s.reason) || s.end - s.start < MIN_REPEATED) continue;
    const value = text.slice(s.start, s.end);
    if (!isDistinctive(value)) continue;
    const entry = values.get(value) ?? { reason: s.reason, spans: [] };
    entry.spans.push([s.start, s.end]);
    values.set(value, entry);
  }
  if (values.size === 0) return;
  // A long text (a transcript) is searched on the lines around each secret only: every value over megabytes would cost too much.
  const whole = text.length <= WHOLE_TEXT;
  const found = occurrences(text, [...values.keys()], whole ? [[0, text.length]] : lineWindows(text, [...values.values()].flatMap((v) => v.spans).sort((a, b) => a[0] - b[0])));
  for (const [value, { reason, spans }] of values) {
    const starts = found.get(value)!;
    const dashedWords = /^[a-z]+(?:-[a-z]+)+$/.test(value) && value.split('-').every((w) => w.length >= 2 && /[aeiouy]/.test(w) && rarePairs(w) === 0);
    let k = 0;
    for (const [from, to] of whole ? [[0, text.length] as [number, number]] : lineWindows(text, spans)) {
      // As `text.indexOf(value, at)` from `from` on, each search going on after the occurrence before it.
      for (let at = from; ; at = starts[k]! + value.length) {
        while (k < starts.length && starts[k]! < at) k++;
        if (k === starts.length || starts[k]! + value.length > to) break;
        const start = starts[k]!;
        if (isWordCode(text.charCodeAt(start - 1)) || isWordCode(text.charCodeAt(start + value.length))) continue;
        // (Small words joined by dashes inside a host's name, `manually-configured.example.com`, name it: a passphrase written again
        // on its own is still redacted.)
        // (Nor inside a longer name of such words, `enterprise-metrics-config`, nor in an address's path, `https://grafana.com/docs/enterprise-metrics/`.)
        if (dashedWords && (isNamePartCode(text.charCodeAt(start - 1)) || isNamePartCode(text.charCodeAt(start + value.length)) || (text.charCodeAt(start - 2) >= 97 && text.charCodeAt(start - 1) === 45) ||
          (text.charCodeAt(start + value.length) === 45 && text.charCodeAt(start + value.length + 1) >= 97) || (inAddress(text, start) && text.charCodeAt(start + value.length) === 47))) continue;
        // (Whole, over a part of it another rule took: `'KUoA…:ocjG…' | 'KUoA…:ocjG…'`, the second read only in part as random.)
        claims.cover({ start, end: start + value.length, reason });
      }
    }
  }
}

/** From this many values on, one pass over the text costs less than a search for each. */
const MANY_VALUES = 32;

/**
 * Where each value (MIN_REPEATED characters or more) starts in `ranges` of
 * `text`, overlaps included, in order. A few values are searched for one by
 * one (a search skips through the text); many in one pass over it, each
 * position looked up by its first two characters.
 */
function occurrences(text: string, values: string[], ranges: [number, number][]): Map<string, number[]> {
  const found = new Map(values.map((v) => [v, [] as number[]]));
  if (values.length < MANY_VALUES) {
    for (const [v, starts] of found) {
      for (const [from, to] of ranges) {
        // The range only (and what a value starting in it needs past its end), not the rest of a long text.
        const part = text.slice(from, Math.min(text.length, to + v.length - 1));
        for (let at = part.indexOf(v); at >= 0; at = part.indexOf(v, at + 1)) starts.push(from + at);
      }
    }
    return found;
  }
  const byPair = new Map<number, string[]>();
  const seen = new Uint8Array(1 << 16);
  for (const v of values) {
    const pair = v.charCodeAt(0) * 65536 + v.charCodeAt(1);
    seen[((v.charCodeAt(0) << 8) ^ v.charCodeAt(1)) & 0xffff] = 1;
    byPair.set(pair, [...(byPair.get(pair) ?? []), v]);
  }
  for (const [from, to] of ranges) {
    let second = text.charCodeAt(from);
    for (let i = from, end = Math.min(to, text.length - MIN_REPEATED + 1); i < end; i++) {
      const first = second;
      second = text.charCodeAt(i + 1);
      if (seen[((first << 8) ^ second) & 0xffff] === 0) continue;
      for (const v of byPair.get(first * 65536 + second) ?? []) if (text.startsWith(v, i)) found.get(v)!.push(i);
    }
  }
  return found;
}

/** Texts up to this length are searched whole for the repeats of a secret. */
const WHOLE_TEXT = 1 << 20;

/** Whether `at` starts a segment of an address's path (`scheme://host/…/`): not in its query or fragment, where a credential is given, nor after a command that holds one (`s|http://a|http://b|;s/X/…/`). */
function inAddress(text: string, at: number): boolean {
  let from = at;
  while (from > 0 && at - from < 300 && !/[\s"'`<>()]/.test(text[from - 1]!)) from--;
  const before = text.slice(from, at);
  const scheme = before.indexOf('://');
  return scheme >= 0 && /^:\/\/[\w.-]+(?::\d{1,5})?(?:\/[\w.~%+-]*)*\/$/.test(before.slice(scheme));
}

/** `.`, `@`: the neighbour of a host's name's part. (Not `/`: sed's `s/CHANGEME/<passphrase>/` writes a password between two.) */
const isNamePartCode = (c: number) => c === 46 || c === 64;
const isWordCode = (c: number) => (c >= 48 && c <= 57) || ((c | 0x20) >= 97 && (c | 0x20) <= 122) || c === 95;

/**
 * Redacts one string; adds what it removed to `counts` (reason → number).
 * Idempotent: placeholders are never matched again. `rules` defaults to the
 * built-in patterns; pass `options` for the allow lists.
 */
export function redactText(
  text: string,
  counts: RedactionCounts,
  rules: RedactRule[] = BASE_RULES,
  options: Omit<RedactOptions, 'rules'> = {},
): string {
  let out = text;
  let hits = findSecrets(out, rules, options);
  // A replacement can change what its neighbour's boundary sees: later passes look again, but only at the lines it touched.
  for (let pass = 0; pass < MAX_PASSES && hits.length; pass++) {
    // Parts joined once: a string grown by `+=` is a deep rope, and the line search below would pay to walk it.
    const parts: string[] = [];
    let length = 0;
    let at = 0;
    const placed: [number, number][] = [];
    for (const h of hits) {
      const before = out.slice(at, h.start);
      const placeholder = PLACEHOLDER(h.reason);
      parts.push(before, placeholder);
      placed.push([length + before.length, length + before.length + placeholder.length]);
      length += before.length + placeholder.length;
      at = h.end;
      counts[h.reason] = (counts[h.reason] ?? 0) + 1;
    }
    parts.push(out.slice(at));
    out = parts.join('');
    hits = findInWindows(out, lineWindows(out, placed), (t) => findSecrets(t, rules, options));
  }
  return out;
}

/** True when `text` holds anything secret-looking (every rule but personal data and network names). */
export function hasSecret(text: string, rules: RedactRule[] = BASE_RULES): boolean {
  return findSecrets(text, rules.filter((r) => !r.pii)).length > 0;
}

/**
 * Redacts every free-text part of the content fields the field table marks
 * `redact: 'text'` (all of them: task, decisions, dead ends, lists, todos, hot
 * files, quotes, links, notes) and the git state (commit subjects, branch,
 * paths), returning copies and the counts.
 */
export function redactRecordText(
  content: CheckpointContent,
  git: GitState,
  options: RedactOptions | RedactRule[] = {},
): { content: CheckpointContent; git: GitState; counts: RedactionCounts } {
  const opts = Array.isArray(options) ? { rules: options } : options;
  const counts: RedactionCounts = {};
  const r = (s: string) => redactText(s, counts, opts.rules ?? BASE_RULES, opts);
  const redacted: Record<string, unknown> = { ...content };
  for (const field of FIELDS) if (field.redact === 'text') redacted[field.name] = onShape(WITH_TEXT, field, content, r);
  return { content: redacted as CheckpointContent, git: redactGitState(git, r), counts };
}

/**
 * The git half: commit subjects, and every name that reaches an object —
 * branch and upstream (also in the trailers and the notes line), dirty and
 * excluded paths — plus the reasons of what was not collected. A redacted
 * name keeps its visible parts (`fix/[REDACTED:github-token]`).
 */
function redactGitState(git: GitState, r: (s: string) => string): GitState {
  const name = (s: string | null) => (s === null ? null : r(s));
  return {
    ...git,
    branch: name(git.branch),
    upstream: name(git.upstream),
    commits: git.commits.map((c) => ({ oid: c.oid, subject: r(c.subject) })),
    worktree: { ...git.worktree, files: git.worktree.files.map((f) => ({ ...f, path: r(f.path) })) },
    wip: git.wip ? { ...git.wip, excluded: git.wip.excluded.map((e) => ({ ...e, path: r(e.path) })) } : null,
    notCollected: git.notCollected.map((n) => ({ ...n, reason: r(n.reason) })),
  };
}

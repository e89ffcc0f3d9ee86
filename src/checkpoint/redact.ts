/**
 * Redaction of free text before anything is written (SPEC §9). Each match
 * becomes `[REDACTED:<reason>]`; only counts are kept, never the values.
 * Every caller goes through `redactRecordText` (a whole record) or
 * `redactText` (one string); `hasHighConfidenceSecret` decides whether a
 * working-tree file is kept out of the wip snapshot.
 */
import { BASE_RULES, type RedactRule } from './redact-rules.js';
import type { CheckpointContent, GitState } from './schema.js';

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

const MAX_PASSES = 8;
const PLACEHOLDER = (reason: string) => `[REDACTED:${reason}]`;

function isAllowed(value: string, reason: string, opts: RedactOptions): boolean {
  if (reason === 'email' && opts.allowEmails?.some((e) => e.toLowerCase() === value.toLowerCase())) return true;
  return opts.allow?.some((re) => fullMatch(re, value)) ?? false;
}

function fullMatch(re: RegExp, value: string): boolean {
  const m = new RegExp(re.source, re.flags.replace(/[gy]/g, '')).exec(value);
  return m !== null && m.index === 0 && m[0].length === value.length;
}

function applyRule(text: string, rule: RedactRule, counts: RedactionCounts, opts: RedactOptions): string {
  return text.replace(rule.pattern, (...args: unknown[]) => {
    const match = args[0] as string;
    const last = args[args.length - 1];
    const groups = typeof last === 'object' && last !== null ? (last as Record<string, string | undefined>) : undefined;
    const secret = groups?.secret ?? match;
    // What an earlier rule (or an earlier save) already replaced is never taken again.
    if (secret.includes('[REDACTED:')) return match;
    if (rule.accept && !rule.accept(secret)) return match;
    if (isAllowed(secret, rule.reason, opts) || isAllowed(match, rule.reason, opts)) return match;
    counts[rule.reason] = (counts[rule.reason] ?? 0) + 1;
    if (groups?.secret === undefined) return PLACEHOLDER(rule.reason);
    return `${groups.pre ?? ''}${PLACEHOLDER(rule.reason)}${groups.post ?? ''}`;
  });
}

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
  // A replacement can change what its neighbour's boundary sees (`key=a@b.co` → `key=[REDACTED:email]`),
  // so passes repeat until nothing changes; each pass removes text, so this ends.
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const before = out;
    for (const rule of rules) out = applyRule(out, rule, counts, options);
    if (out === before) break;
  }
  return out;
}

/** True when `text` holds a private key block or a provider token (the wip exclusion reason `secret`). */
export function hasHighConfidenceSecret(text: string, rules: RedactRule[] = BASE_RULES): boolean {
  for (const rule of rules) {
    if (!rule.highConfidence) continue;
    const re = new RegExp(rule.pattern.source, rule.pattern.flags);
    for (const m of text.matchAll(re)) if (!rule.accept || rule.accept(m.groups?.secret ?? m[0])) return true;
  }
  return false;
}

/**
 * Redacts every free-text field of the content (task, decisions, dead ends,
 * lists, todos, file whys, quotes, links, notes) and every commit subject,
 * returning copies and the counts.
 */
export function redactRecordText(
  content: CheckpointContent,
  git: GitState,
  options: RedactOptions | RedactRule[] = {},
): { content: CheckpointContent; git: GitState; counts: RedactionCounts } {
  const opts = Array.isArray(options) ? { rules: options } : options;
  const counts: RedactionCounts = {};
  const r = (s: string) => redactText(s, counts, opts.rules ?? BASE_RULES, opts);
  const list = (xs: string[]) => xs.map(r);
  const redacted: CheckpointContent = {
    ...content,
    task: { ...content.task, title: r(content.task.title) },
    decisions: content.decisions.map((d) => ({ ...d, what: r(d.what), why: r(d.why), ...(d.by !== undefined ? { by: r(d.by) } : {}) })),
    rejected: content.rejected.map((d) => ({ what: r(d.what), why: r(d.why) })),
    nextSteps: list(content.nextSteps), blockers: list(content.blockers), questions: list(content.questions),
    learnings: list(content.learnings), constraints: list(content.constraints), assumptions: list(content.assumptions),
    todos: content.todos.map((t) => ({ ...t, text: r(t.text) })),
    files: content.files.map((f) => ({ path: f.path, ...(f.why !== undefined ? { why: r(f.why) } : {}) })),
    quotes: content.quotes.map((q) => ({ ...q, text: r(q.text), by: r(q.by) })),
    links: list(content.links),
    notes: content.notes === null ? null : r(content.notes),
  };
  const redactedGit: GitState = { ...git, commits: git.commits.map((c) => ({ oid: c.oid, subject: r(c.subject) })) };
  return { content: redacted, git: redactedGit, counts };
}

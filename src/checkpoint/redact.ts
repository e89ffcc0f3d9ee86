/**
 * Redaction of free text before anything is written (SPEC §9). Each match
 * becomes `[REDACTED:<reason>]`; only counts are kept. The pattern set here is
 * the seam the full engine fills in; every caller goes through `redactRecordText`.
 */
import type { CheckpointContent, GitState } from './schema.js';

export interface RedactRule {
  reason: string;
  pattern: RegExp;
}

export type RedactionCounts = Record<string, number>;

export const BASE_RULES: RedactRule[] = [
  { reason: 'private-key', pattern: /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[\s\S]*?(-----END [A-Z0-9 ]*PRIVATE KEY-----|$)/g },
  { reason: 'github-token', pattern: /\b(gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\b/g },
  { reason: 'aws-key', pattern: /\b(AKIA|ASIA)[A-Z0-9]{16}\b/g },
  { reason: 'stripe-key', pattern: /\b[sprk]k_(live|test)_[A-Za-z0-9]{16,99}\b/g },
  { reason: 'openai-key', pattern: /\bsk-(proj-|ant-)?[A-Za-z0-9_-]{20,200}\b/g },
  { reason: 'slack-token', pattern: /\bxox[bapr]-[A-Za-z0-9-]{10,200}\b/g },
  { reason: 'password', pattern: /\b(password|passwd|pwd|secret|token)=[^\s&"']+/gi },
];

/** Redacts one string; adds what it removed to `counts`. */
export function redactText(text: string, counts: RedactionCounts, rules: RedactRule[] = BASE_RULES): string {
  let out = text;
  for (const rule of rules) {
    out = out.replace(rule.pattern, () => {
      counts[rule.reason] = (counts[rule.reason] ?? 0) + 1;
      return `[REDACTED:${rule.reason}]`;
    });
  }
  return out;
}

/** Redacts every free-text field of the content and every commit subject, in place of copies. */
export function redactRecordText(
  content: CheckpointContent,
  git: GitState,
  rules: RedactRule[] = BASE_RULES,
): { content: CheckpointContent; git: GitState; counts: RedactionCounts } {
  const counts: RedactionCounts = {};
  const r = (s: string) => redactText(s, counts, rules);
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

/**
 * Does a file's content look like it holds a secret? Used to keep such files
 * out of the `wip` snapshot (SPEC §6). Only high-confidence patterns count —
 * private key blocks and provider tokens in their real formats — because a
 * false positive silently drops a file from the snapshot (it is listed as
 * excluded, reason `secret`). The patterns come from the redaction engine.
 */
import { BASE_RULES } from './redact.js';

/**
 * Redaction reasons precise enough to exclude a whole file on one match.
 * Looser ones (`password=`, high-entropy strings, e-mail addresses) are
 * redacted in free text but would exclude ordinary source files here.
 */
export const HIGH_CONFIDENCE_REASONS: readonly string[] = [
  'private-key', 'github-token', 'aws-key', 'stripe-key', 'openai-key', 'slack-token',
  'npm-token', 'gitlab-token', 'google-api-key',
];

/** Non-global copies: `.test` on a global regex would carry `lastIndex` between files. */
const PATTERNS: RegExp[] = BASE_RULES
  .filter((rule) => HIGH_CONFIDENCE_REASONS.includes(rule.reason))
  .map((rule) => new RegExp(rule.pattern.source, rule.pattern.flags.replace('g', '')));

/** The patterns in use (for tests: at least the private-key and GitHub rules must be found). */
export function secretPatternCount(): number {
  return PATTERNS.length;
}

/** True when `data` contains a high-confidence secret. Binary content is scanned as Latin-1. */
export function looksLikeSecret(data: Uint8Array): boolean {
  const text = Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('latin1');
  return PATTERNS.some((pattern) => pattern.test(text));
}

/**
 * The shape of one redaction rule, shared by the rule table (redact-rules.ts)
 * and the structural rules it lists (redact-structural.ts).
 */
import type { Hit } from './secret-format-rules.js';

export interface RedactRule {
  /** What the placeholder says: `[REDACTED:<reason>]`. */
  reason: string;
  /** Global (`g`) regular expression. */
  pattern?: RegExp;
  /** Spans found by code instead of a pattern (each with its own reason). */
  find?: (text: string) => Hit[];
  /** A cheap anchor every match contains: the pattern runs only on the lines around it. */
  near?: RegExp;
  /** A literal without which the rule cannot match: the rule is skipped for a text that lacks it. */
  requires?: string;
  /** Second look at a match (the `secret` group when there is one); false keeps the text. */
  accept?: (secret: string) => boolean;
  /** Personal data or a network name: redacted in text, but no reason to keep a file out of the wip snapshot. */
  pii?: boolean;
  /** Also read as written when a text holds written-out escapes, not only unescaped: a quoted value it reads may hold an escape of its own. */
  readsWritten?: boolean;
}

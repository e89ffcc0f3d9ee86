/**
 * The JSON an agent hands a command hook on stdin. Claude Code (hooks
 * reference, PreCompact / SessionStart) and Codex (hooks, same field names)
 * both send `session_id`, `transcript_path`, `cwd` and `hook_event_name`;
 * PreCompact adds `trigger` (`manual` | `auto`), SessionStart `source`
 * (`startup` | `resume` | `clear` | `compact`). Unknown fields are ignored.
 */
import * as z from 'zod/mini';
import { describeIssue } from '../checkpoint/schema.js';
import { UsageError } from '../errors.js';

const hookInputSchema = z.looseObject({
  session_id: z.optional(z.string()),
  transcript_path: z.optional(z.nullable(z.string())),
  cwd: z.optional(z.string()),
  hook_event_name: z.optional(z.string()),
  trigger: z.optional(z.nullable(z.string())),
  source: z.optional(z.nullable(z.string())),
});
export type HookInput = z.infer<typeof hookInputSchema>;

/** A hook's JSON input is a few hundred bytes: anything over 1 MiB is not one. */
export const HOOK_INPUT_MAX = 1024 * 1024;

/** Parses hook input; UsageError (exit 129) naming what is wrong. Empty input is `{}`. */
export function parseHookInput(bytes: Uint8Array): HookInput {
  const text = Buffer.from(bytes).toString('utf8').trim();
  if (!text) return {};
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`hook input is not JSON: ${(err as Error).message}`);
  }
  const parsed = hookInputSchema.safeParse(data);
  if (!parsed.success) throw new UsageError(`invalid hook input: ${describeIssue(parsed.error.issues)}`);
  return parsed.data;
}

/**
 * The pieces every command's `--json` document is made of: one name, one
 * meaning and one type for each field across commands (the vocabulary the
 * man page's JSON OUTPUT section documents). Declared with zod/mini and read
 * only by the tests and by the type checker (commands import the inferred
 * types alone), so no command pays for them at start-up.
 */
import * as z from 'zod/mini';
import { ID_PATTERN } from '../checkpoint/record/schema.js';

/** A checkpoint id, `YYYYMMDD-HHMMSS-xxxx`. */
export const checkpointId = () => z.string().check(z.regex(ID_PATTERN));
/** A git object id (SHA-1 or SHA-256). */
export const objectId = () => z.string().check(z.regex(/^([0-9a-f]{40}|[0-9a-f]{64})$/));
/** An ISO 8601 UTC time. */
export const isoTime = () => z.string().check(z.regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,3})?Z$/));
export const count = () => z.int().check(z.minimum(0));

/**
 * What happened to the notes index of the checkpoints a command wrote:
 * `ok` rewritten, `failed` (exit 2: the checkpoints are written, repair with
 * `doctor --fix`), `unchanged` nothing was written (a dry run, nothing to do).
 */
export const notesOutcome = () => z.enum(['ok', 'failed', 'unchanged']);

/** A path with why it was left out (of a wip snapshot, of a listing). */
export const excludedPath = z.object({ path: z.string(), reason: z.string() });

/** A config value a command added, would add, removed or left. */
export const configValue = z.object({ key: z.string(), value: z.string() });

/** One commit by id and first line. */
export const commitLine = z.object({ oid: objectId(), subject: z.string() });

/** What `list --json` and the MCP list tool say about one checkpoint. */
export const summaryJson = z.object({
  id: checkpointId(),
  createdAt: isoTime(),
  branch: z.nullable(z.string()),
  writer: z.string(),
  label: z.nullable(z.string()),
  title: z.string(),
  status: z.string(),
  commit: objectId(),
  /** The remote a fetched chain came from; null for this clone's own. */
  remote: z.nullable(z.string()),
});

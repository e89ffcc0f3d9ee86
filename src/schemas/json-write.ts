/** The `--json` documents of the commands that write checkpoints or move them: save, switch, apply, prune, drop, push, fetch. */
import * as z from 'zod/mini';
import { checkpointId, count, excludedPath, notesOutcome, objectId } from './json-common.js';

/** `save --json` and `synthesize --json` (SPEC §7). */
export const saveJson = z.object({
  id: checkpointId(),
  ref: z.string(),
  commit: objectId(),
  writer: z.string(),
  branch: z.nullable(z.string()),
  redactions: z.record(z.string(), count()),
  notes: notesOutcome(),
});

/** `switch --json`: the checkpoint saved for the branch left (null: none), and git switch's outcome. */
export const switchJson = z.object({
  saved: z.nullable(checkpointId()),
  notes: notesOutcome(),
  switched: z.boolean(),
  gitExitCode: z.int(),
});

/** `apply --json`: the paths written, deleted and already right (with `dryRun`: that would be); what the snapshot never held. */
export const applyJson = z.object({
  id: checkpointId(),
  dryRun: z.boolean(),
  restored: z.array(z.string()),
  deleted: z.array(z.string()),
  unchanged: z.array(z.string()),
  excluded: z.array(excludedPath),
  skipped: z.array(z.string()),
});

/** `prune --json` and `drop --json`: `oldTip` is the chain before the rewrite (null when nothing was written). */
export const rewriteJson = z.object({
  dryRun: z.boolean(),
  dropped: z.array(z.object({ id: checkpointId(), commit: objectId() })),
  kept: count(),
  oldTip: z.nullable(objectId()),
  notes: notesOutcome(),
});

/**
 * `push --json` and `fetch --json` share their words: `count` new
 * checkpoints moved, `rewritten` the writers whose chain was replaced
 * rather than extended (after a prune or a drop).
 */
export const pushJson = z.object({
  remote: z.string(),
  writer: z.nullable(z.string()),
  ok: z.boolean(),
  dryRun: z.boolean(),
  count: count(),
  /** How many of the `count` carried a wip snapshot. */
  withWip: count(),
  rewritten: z.array(z.string()),
  refs: z.array(z.object({ flag: z.enum([' ', '+', '-', '*', '=', '!']), ref: z.string(), summary: z.string() })),
  /** git's complaint when the push failed (`ok` false, exit 1). */
  error: z.nullable(z.string()),
  /** What failed after the push landed (exit 2): recording what the remote now holds. */
  bookkeeping: z.nullable(z.string()),
});

export const fetchJson = z.object({
  remote: z.string(),
  count: count(),
  /** `count` by writer, most first. */
  arrived: z.array(z.object({ writer: z.string(), count: count() })),
  rewritten: z.array(z.string()),
  /** Writers whose chain could not be fetched (the others were). */
  failed: z.array(z.object({ writer: z.string(), reason: z.string() })),
});

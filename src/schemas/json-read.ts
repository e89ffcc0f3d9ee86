/** The `--json` documents of the commands that read: show, resume, status, list, log, diff. */
import * as z from 'zod/mini';
import { recordSchema } from '../checkpoint/record/schema.js';
import { checkpointId, commitLine, count, isoTime, objectId, summaryJson } from './json-common.js';

/** SPEC §8: each verdict with the command that fixes it, and whether the repository drifted. */
export const reconcileJson = z.object({
  branch: z.object({
    verdict: z.enum(['match', 'mismatch', 'missing']),
    recorded: z.nullable(z.string()),
    current: z.nullable(z.string()),
    remotes: z.array(z.string()),
    fix: z.nullable(z.string()),
    unsafeName: z.boolean(),
  }),
  head: z.object({
    verdict: z.enum(['same', 'ahead', 'behind', 'diverged', 'missing']),
    recorded: z.nullable(objectId()),
    current: z.nullable(objectId()),
    count: count(),
    countIsLowerBound: z.boolean(),
    commits: z.array(commitLine),
    fix: z.nullable(z.string()),
  }),
  worktree: z.object({
    unrecorded: z.array(z.string()),
    changed: z.array(z.string()),
    resolved: z.array(z.string()),
    absent: z.array(z.string()),
    notCompared: count(),
    fixes: z.array(z.string()),
    noSnapshot: z.nullable(z.string()),
  }),
  drift: z.boolean(),
});

/** `resume --json`, `status --json`. */
export const reconciledJson = z.object({ checkpoint: recordSchema, reconcile: reconcileJson });

/** `list --json` (SPEC §7): `total` matched the filters, `shown` of them listed. */
export const listJson = z.object({ total: count(), shown: count(), checkpoints: z.array(summaryJson) });

/** `log --json`: the lineage from `root`; `inClone: false` for a predecessor this clone does not hold. */
export const logJson = z.object({
  root: checkpointId(),
  truncated: z.boolean(),
  checkpoints: z.array(z.object({
    id: checkpointId(),
    parents: z.array(checkpointId()),
    inClone: z.boolean(),
    writer: z.nullable(z.string()),
    remote: z.nullable(z.string()),
    branch: z.nullable(z.string()),
    createdAt: z.nullable(isoTime()),
    title: z.nullable(z.string()),
    commit: z.nullable(objectId()),
  })),
});

/** `diff --json`: commits on HEAD since the checkpoint's head, and the patch against its wip (null without one: `noWip` says why). */
export const diffJson = z.object({
  id: checkpointId(),
  head: z.nullable(objectId()),
  commits: z.array(commitLine),
  commitsNote: z.nullable(z.string()),
  diff: z.nullable(z.string()),
  noWip: z.nullable(z.string()),
});

/** What `resume` and `status` share: find the checkpoint, compare it with the repository, render it. */
import type { CommandResult, Context } from '../io/context.js';
import type { Outcome } from '../exit-codes.js';
import type { CheckpointSummary } from '../checkpoint/listing/types.js';
import { planReconcile, type Reconcile } from '../checkpoint/planners/reconcile.js';
import { gatherReconcileFacts, readWorktreeNow } from '../checkpoint/planners/reconcile-facts.js';
import { findCheckpoint } from '../checkpoint/listing/resolve.js';
import type { CheckpointRecord } from '../checkpoint/record/schema.js';
import { renderMarkdown } from '../checkpoint/record/md.js';
import { renderRecap } from '../checkpoint/record/recap.js';
import { reconcileVerdicts } from '../render/recap-reconcile.js';
import { renderReconcile } from '../render/reconcile.js';
import { renderJson } from '../text/sanitize.js';
import type { JsonOutputOf } from '../schemas/json-outputs.js';
import { warnInvalid } from './list.js';

export interface Reconciled {
  summary: CheckpointSummary;
  record: CheckpointRecord;
  reconcile: Reconcile;
  outcome: Outcome;
}

/** Resolves `spec`, loads its record and reconciles it (SPEC §8); exit 3 on drift. */
export async function loadReconciled(ctx: Context, spec: string): Promise<Reconciled> {
  const repo = await ctx.worktreeRepo();
  // git status and hashing what it lists need no record: they run while the checkpoint is found and read.
  const now = readWorktreeNow(repo);
  const { listing, summary, record, note } = await findCheckpoint(repo, spec, { now: ctx.deps.now().getTime() });
  warnInvalid(ctx, listing);
  if (note) ctx.hint(note);
  const reconcile = planReconcile(record, await gatherReconcileFacts(repo, record, now));
  return { summary, record, reconcile, outcome: reconcile.drift ? 'drift' : 'ok' };
}

/** Renders the json, recap and md forms; null for a format the caller renders itself. */
export async function renderReconciled(ctx: Context, r: Reconciled, format: string): Promise<CommandResult | null> {
  const json: JsonOutputOf<'resume'> = { checkpoint: r.record, reconcile: r.reconcile };
  if (format === 'json') return { outcome: r.outcome, json, text: renderJson(json) };
  if (format === 'recap') return { outcome: r.outcome, json, text: renderRecap(r.record, { reconcile: reconcileVerdicts(r.reconcile) }) };
  if (format !== 'md') return null;
  const color = await ctx.useColor();
  const md = renderMarkdown(r.record, { color, remote: r.summary.remote });
  return { outcome: r.outcome, json, text: `${md}\n${renderReconcile(r.reconcile, { color, maxPaths: 20, heading: true })}` };
}

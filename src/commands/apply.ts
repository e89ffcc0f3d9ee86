/** `git checkpoint apply <ckpt>` (SPEC §5, §9): restore the checkpoint's uncommitted files, like `git stash apply`. */
import { maxPositionals } from '../cli/args.js';
import type { CommandResult, Context, ParsedArgs } from '../io/context.js';
import { diffTrees, planApply, type ApplyPlan } from '../checkpoint/planners/apply-plan.js';
import { lookupBlobs } from '../checkpoint/planners/reconcile-facts.js';
import { findCheckpoint } from '../checkpoint/listing/resolve.js';
import { noWipSentence, readWipState } from '../checkpoint/record/wip-state.js';
import { OperationError } from '../errors.js';
import type { Repo } from '../git/repo.js';
import { oneLine } from '../text/sanitize.js';
import type { JsonOutputOf } from '../schemas/json-outputs.js';

const listPaths = (paths: string[]) => paths.slice(0, 50).map((p) => `\t${oneLine(p, 200)}`).join('\n') +
  (paths.length > 50 ? `\n\t… and ${paths.length - 50} more` : '');

/** What `apply` was asked for: which checkpoint (default latest), and whether to change nothing. */
export interface ApplyOptions {
  spec: string;
  dryRun: boolean;
}

/** The arguments as options; UsageError for extra ones. Pure: tests check parsing alone. */
export function applyOptions(args: ParsedArgs): ApplyOptions {
  maxPositionals(args, 1, 'apply');
  return { spec: args.positionals[0] ?? 'latest', dryRun: Boolean(args.values['dry-run']) };
}

export async function run(ctx: Context, args: ParsedArgs): Promise<CommandResult> {
  return runApply(ctx, applyOptions(args));
}

export async function runApply(ctx: Context, { spec, dryRun }: ApplyOptions): Promise<CommandResult> {
  const repo = await ctx.worktreeRepo();
  const { record, note } = await findCheckpoint(repo, spec, { now: ctx.deps.now().getTime() });
  if (note) ctx.hint(note);
  const wip = await readWipState(repo, record);
  if (wip.kind !== 'saved') throw new OperationError(`${noWipSentence(record.id, wip)}: nothing to apply`);
  // With --dry-run the same plan, and the same refusals (exit 1): what apply would do, or why it would not.
  const plan = await planFor(repo, record.git.head, wip.tree, record.id);
  if (!dryRun) await repo.restoreWorktreeFiles(wip.tree, plan.write, plan.remove);
  const [restored, deleted] = dryRun ? ['would restore:', 'would delete: '] : ['restored:', 'deleted: '];
  const lines = [
    ...plan.write.map((p) => `${restored} ${oneLine(p, 200)}`),
    ...plan.remove.map((p) => `${deleted} ${oneLine(p, 200)}`),
    ...wip.excluded.map((e) => `not in the snapshot: ${oneLine(e.path, 200)} (${oneLine(e.reason)})`),
    ...plan.skipped.map((p) => `skipped submodule: ${oneLine(p, 200)}`),
  ];
  const done = plan.write.length + plan.remove.length;
  const paths = `${done} path${done === 1 ? '' : 's'}`;
  lines.push(!done ? `nothing to apply: the working tree already has checkpoint ${record.id}'s changes`
    : dryRun ? `would apply checkpoint ${record.id}: ${paths} to update (nothing changed)` : `applied checkpoint ${record.id}: ${paths} updated`);
  const json: JsonOutputOf<'apply'> = {
    id: record.id, dryRun, restored: plan.write, deleted: plan.remove, unchanged: plan.unchanged, excluded: wip.excluded, skipped: plan.skipped,
  };
  return { outcome: 'ok', json, report: `${lines.join('\n')}\n` };
}

/** Plans the restore; OperationError (nothing written) for unsafe paths or local changes in the way. */
async function planFor(repo: Repo, recordedHead: string | null, wipTree: string, id: string): Promise<ApplyPlan> {
  const base = await baseTree(repo, recordedHead);
  const unsafe: string[] = [];
  const changes = await diffTrees(repo, base, wipTree, unsafe);
  if (unsafe.length) {
    throw new OperationError(`checkpoint ${id} holds paths outside the working tree; nothing applied:\n${listPaths(unsafe)}`);
  }
  const paths = changes.map((c) => c.path);
  const [status, hashes, headTree] = await Promise.all([
    repo.status(), repo.hashWorktreeFiles(paths), repo.readRef('HEAD').then((oid) => baseTree(repo, oid)),
  ]);
  const now = new Map(paths.map((p, i) => [p, hashes[i] ?? null]));
  const head = headTree ? await lookupBlobs(repo, headTree, paths) : new Map<string, string | null>();
  const plan = planApply(changes, now, new Set(status.entries.map((e) => e.path)), head);
  if (plan.conflicts.length) {
    throw new OperationError(`your local changes to the following files would be overwritten by apply:\n${listPaths(plan.conflicts)}`, {
      hint: `commit or stash them (or see them with: git checkpoint diff ${id}), then apply again; nothing was changed`,
    });
  }
  return plan;
}

/** The tree of a recorded head; null for an unborn head. OperationError when the commit is not in this clone. */
async function baseTree(repo: Repo, head: string | null): Promise<string | null> {
  if (head === null) return null;
  const commit = await repo.readCommit(head);
  if (!commit) throw new OperationError(`the checkpoint's commit ${head.slice(0, 7)} is not in this clone`, { hint: 'fetch it first: git fetch' });
  return commit.tree;
}

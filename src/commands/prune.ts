/** `git checkpoint prune --older-than <duration> --keep <n> [--dry-run]` (SPEC §5). */
import { maxPositionals, stringOption } from '../cli/args.js';
import type { CommandResult, Context, ParsedArgs } from '../io/context.js';
import { readWriter } from '../checkpoint/store/identity.js';
import { planPrune } from '../checkpoint/planners/prune-plan.js';
import { rewriteOwnChain } from '../checkpoint/planners/rewrite-chain.js';
import { finish, notesAuthor } from './shared/rewrite-report.js';
import { parseDuration } from '../checkpoint/record/when.js';
import { UsageError } from '../errors.js';
import type { JsonOutputOf } from '../schemas/json-outputs.js';

/** What `prune` was asked for, checked: at least one of the two rules. */
export interface PruneOptions {
  olderThanSeconds: number | undefined;
  keep: number | undefined;
  dryRun: boolean;
}

/** The flags as options; UsageError for a bad value or no rule at all. Pure: tests check parsing alone. */
export function pruneOptions(args: ParsedArgs): PruneOptions {
  maxPositionals(args, 0, 'prune');
  const olderThan = stringOption(args, 'older-than');
  const keepText = stringOption(args, 'keep');
  if (olderThan === undefined && keepText === undefined) throw new UsageError("prune needs '--older-than <duration>' and/or '--keep <n>'");
  if (keepText !== undefined && !/^\d+$/.test(keepText)) throw new UsageError(`invalid value for '--keep': '${keepText}' (expected a whole number)`);
  return {
    olderThanSeconds: olderThan === undefined ? undefined : parseDuration(olderThan, '--older-than'),
    keep: keepText === undefined ? undefined : Number(keepText),
    dryRun: Boolean(args.values['dry-run']),
  };
}

export async function run(ctx: Context, args: ParsedArgs): Promise<CommandResult> {
  return runPrune(ctx, pruneOptions(args));
}

export async function runPrune(ctx: Context, opts: PruneOptions): Promise<CommandResult> {
  const { dryRun } = opts;
  const rule = {
    now: ctx.deps.now(),
    ...(opts.olderThanSeconds !== undefined ? { olderThanSeconds: opts.olderThanSeconds } : {}),
    ...(opts.keep !== undefined ? { keep: opts.keep } : {}),
  };
  const repo = await ctx.repo();
  const writer = await readWriter(repo);
  const none: JsonOutputOf<'prune'> = { dryRun, dropped: [], kept: 0, oldTip: null, notes: 'unchanged' };
  if (!writer) return { outcome: 'ok', json: none, report: 'nothing to prune: no checkpoints saved in this clone\n' };
  const result = await rewriteOwnChain(repo, writer, await notesAuthor(ctx), (entries) => planPrune(entries, rule), { dryRun });
  return finish(ctx, result, dryRun, 'prune', writer);
}


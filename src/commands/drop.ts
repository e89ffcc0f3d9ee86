/** `git checkpoint drop <ckpt>` (SPEC §5): removes one own checkpoint from the own chain. */
import { maxPositionals } from '../cli/args.js';
import type { CommandResult, Context, ParsedArgs } from '../io/context.js';
import { readWriter } from '../checkpoint/store/identity.js';
import { loadListing } from '../checkpoint/listing/listing.js';
import { resolveCheckpoint } from '../checkpoint/listing/resolve.js';
import { rewriteOwnChain } from '../checkpoint/planners/rewrite-chain.js';
import { OperationError, UsageError } from '../errors.js';
import { visible } from '../text/sanitize.js';
import { finish, notesAuthor } from './shared/rewrite-report.js';

/** What `drop` was asked for: one checkpoint, named. */
export interface DropOptions {
  spec: string;
  dryRun: boolean;
}

/** The arguments as options; UsageError without a checkpoint. Pure: tests check parsing alone. */
export function dropOptions(args: ParsedArgs): DropOptions {
  maxPositionals(args, 1, 'drop');
  const spec = args.positionals[0];
  if (!spec) throw new UsageError('drop needs the checkpoint to remove');
  return { spec, dryRun: Boolean(args.values['dry-run']) };
}

export async function run(ctx: Context, args: ParsedArgs): Promise<CommandResult> {
  return runDrop(ctx, dropOptions(args));
}

export async function runDrop(ctx: Context, { spec, dryRun }: DropOptions): Promise<CommandResult> {
  const repo = await ctx.repo();
  const [writer, listing, branch] = await Promise.all([readWriter(repo), loadListing(repo), repo.headBranch()]);
  const target = resolveCheckpoint(listing, spec, branch, writer);
  if (target.writer !== writer) {
    throw new OperationError(`checkpoint ${target.id} belongs to writer ${visible(target.writer)}: drop only removes your own checkpoints`);
  }
  const result = await rewriteOwnChain(repo, writer, await notesAuthor(ctx), (entries) => entries.filter((e) => e.id === target.id), { dryRun });
  if (!result.dropped.length) throw new OperationError(`checkpoint ${target.id} is not on your chain any more`);
  return finish(ctx, result, dryRun, 'drop', writer);
}

/** `git checkpoint resume [<ckpt>]` (SPEC §5, §8): print the checkpoint, then where the repository disagrees. */
import { maxPositionals, readFormat } from '../cli/args.js';
import type { CommandResult, Context, ParsedArgs } from '../cli/context.js';
import { rememberLast } from '../checkpoint/lineage.js';
import { loadReconciled, renderReconciled } from './reconciled.js';

export async function run(ctx: Context, args: ParsedArgs): Promise<CommandResult> {
  maxPositionals(args, 1, 'resume');
  const format = readFormat(ctx.globals, args, ['md', 'json', 'recap'], 'md');
  const r = await loadReconciled(ctx, args.positionals[0] ?? 'latest');
  // The next save in this worktree continues from here, even across writers (SPEC §3 lineage).
  // Bookkeeping only: on a read-only or full repository resume still prints, with one warning. The writer
  // is the chain's the checkpoint was read from, not what its record claims (SPEC §9).
  await rememberLast(await ctx.worktreeRepo(), { id: r.record.id, commit: r.summary.commit, writer: r.summary.writer })
    .catch((err: Error) => ctx.warn(`could not record that this worktree resumed ${r.record.id} (${err.message}); the next save here will not continue its lineage`));
  return (await renderReconciled(ctx, r, format))!;
}

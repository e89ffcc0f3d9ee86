/** `git checkpoint resume [<ckpt>]` (SPEC §5, §8): print the checkpoint, then where the repository disagrees. */
import { maxPositionals, readFormat } from '../cli/args.js';
import type { CommandResult, Context, GlobalOptions, ParsedArgs } from '../io/context.js';
import { rememberLast } from '../checkpoint/store/lineage.js';
import { loadReconciled, renderReconciled } from './reconciled.js';

/** What `resume` was asked for: which checkpoint (default latest), in which format. */
export interface ResumeOptions {
  spec: string;
  format: string;
}

/** The arguments as options; UsageError for a bad format or extra arguments. Pure: tests check parsing alone. */
export function resumeOptions(args: ParsedArgs, globals: GlobalOptions): ResumeOptions {
  maxPositionals(args, 1, 'resume');
  return { spec: args.positionals[0] ?? 'latest', format: readFormat(globals, args, ['md', 'json', 'recap'], 'md') };
}

export async function run(ctx: Context, args: ParsedArgs): Promise<CommandResult> {
  return runResume(ctx, resumeOptions(args, ctx.globals));
}

export async function runResume(ctx: Context, { spec, format }: ResumeOptions): Promise<CommandResult> {
  const r = await loadReconciled(ctx, spec);
  // The next save in this worktree continues from here, even across writers (SPEC §3 lineage).
  // Bookkeeping only: on a read-only or full repository resume still prints, with one warning. The writer
  // is the chain's the checkpoint was read from, not what its record claims (SPEC §9).
  await rememberLast(await ctx.worktreeRepo(), { id: r.record.id, commit: r.summary.commit, writer: r.summary.writer })
    .catch((err: Error) => ctx.warn(`could not record that this worktree resumed ${r.record.id} (${err.message}); the next save here will not continue its lineage`));
  return (await renderReconciled(ctx, r, format))!;
}

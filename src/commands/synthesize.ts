/**
 * `git checkpoint synthesize <ckpt>... [--exclude <ckpt>]... [--label <l>]`:
 * one new checkpoint merged from several (planning in
 * src/checkpoint/synthesize.ts), saved through the one save path with the
 * inputs as its lineage parents (their commits on other chains become extra
 * parents of the new chain commit).
 */
import { listOption, stringOption } from '../cli/args.js';
import type { CommandResult, Context, ParsedArgs } from '../cli/context.js';
import { UsageError } from '../errors.js';
import { saveAndReport } from './shared/save-report.js';
import { planSynthesisRequest } from './shared/synthesis-request.js';

export async function run(ctx: Context, args: ParsedArgs): Promise<CommandResult> {
  if (!args.positionals.length) throw new UsageError('name at least one checkpoint to synthesize');
  const repo = await ctx.worktreeRepo();
  const planned = await planSynthesisRequest(repo, args.positionals, {
    exclude: listOption(args, 'exclude') ?? [], label: stringOption(args, 'label') ?? null,
  });
  const { superseded, contradictions, closed } = planned.stats;
  ctx.hint(`synthesized ${planned.inputs} checkpoint(s): ${superseded} superseded, ${contradictions} contradiction(s), ${closed} closed item(s)`);
  return saveAndReport(ctx, planned.request);
}

/**
 * `git checkpoint synthesize <ckpt>... [--exclude <ckpt>]... [--label <l>]`:
 * one new checkpoint merged from several (planning in
 * src/checkpoint/planners/synthesize.ts), saved through the one save path with the
 * inputs as its lineage parents (their commits on other chains become extra
 * parents of the new chain commit).
 */
import { listOption, stringOption } from '../cli/args.js';
import type { CommandResult, Context, ParsedArgs } from '../io/context.js';
import { UsageError } from '../errors.js';
import { saveAndReport } from '../services/save-report.js';
import { planSynthesisRequest } from '../services/synthesis-request.js';

/** What `synthesize` was asked for: the inputs, the ones to leave out, and a label for the result. */
export interface SynthesizeOptions {
  inputs: string[];
  exclude: string[];
  label: string | null;
}

/** The arguments as options; UsageError without an input. Pure: tests check parsing alone. */
export function synthesizeOptions(args: ParsedArgs): SynthesizeOptions {
  if (!args.positionals.length) throw new UsageError('name at least one checkpoint to synthesize');
  return { inputs: args.positionals, exclude: listOption(args, 'exclude') ?? [], label: stringOption(args, 'label') ?? null };
}

export async function run(ctx: Context, args: ParsedArgs): Promise<CommandResult> {
  return runSynthesize(ctx, synthesizeOptions(args));
}

export async function runSynthesize(ctx: Context, { inputs, exclude, label }: SynthesizeOptions): Promise<CommandResult> {
  const repo = await ctx.worktreeRepo();
  const planned = await planSynthesisRequest(repo, inputs, { exclude, label });
  const { superseded, contradictions, closed } = planned.stats;
  ctx.hint(`synthesized ${planned.inputs} checkpoint(s): ${superseded} superseded, ${contradictions} contradiction(s), ${closed} closed item(s)`);
  return saveAndReport(ctx, planned.request);
}

/** `git checkpoint save [label]` (SPEC §5, §6): flags and documents in, the one save service does the rest. */
import { maxPositionals, type OptionSpec } from '../cli/args.js';
import type { CommandResult, Context, ParsedArgs } from '../cli/context.js';
import { saveOptions, saveRequestFromArgs } from './shared/save-args.js';
import { saveAndReport } from './shared/save-report.js';

export const options: OptionSpec = saveOptions;

export const usage = 'git checkpoint save [<label>] [-m <task>] [--decision "<what> :: <why>"]... [--next <step>]... [--done <n|text>]... [--no-carry] [--input <file|->] [--transcript <file.jsonl>] [-e]';

export async function run(ctx: Context, args: ParsedArgs): Promise<CommandResult> {
  maxPositionals(args, 1, 'save');
  return saveAndReport(ctx, await saveRequestFromArgs(ctx, args, { allowEditor: true }));
}

/** `git checkpoint save [label]` (SPEC §5, §6): flags and documents in, the one save service does the rest. */
import { maxPositionals } from '../cli/args.js';
import type { CommandResult, Context, ParsedArgs } from '../io/context.js';
import { saveOptions, saveRequest, type SaveOptions } from './shared/save-args.js';
import { saveAndReport } from '../services/save-report.js';

export async function run(ctx: Context, args: ParsedArgs): Promise<CommandResult> {
  maxPositionals(args, 1, 'save');
  return runSave(ctx, saveOptions(args));
}

export async function runSave(ctx: Context, opts: SaveOptions): Promise<CommandResult> {
  return saveAndReport(ctx, await saveRequest(ctx, opts, { allowEditor: true }));
}

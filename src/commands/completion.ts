/**
 * `git checkpoint completion bash|zsh|fish`: a script that completes
 * `git checkpoint` and `git-checkpoint` through the shell's git completion;
 * and `git checkpoint __complete <words>`, which the scripts call: one
 * candidate per line, or `@files` when the shell should complete file names.
 */
import { maxPositionals } from '../cli/args.js';
import { completeAt } from '../cli/complete.js';
import type { CommandResult, Context, ParsedArgs } from '../io/context.js';
import { UsageError } from '../errors.js';
import { COMPLETION_SCRIPTS } from './shared/completion-scripts.js';
import { valuesOfKind } from './shared/completion-values.js';

export async function run(ctx: Context, args: ParsedArgs): Promise<CommandResult> {
  maxPositionals(args, 1, 'completion');
  const shell = args.positionals[0];
  const script = shell === undefined ? undefined : COMPLETION_SCRIPTS[shell];
  if (!script) throw new UsageError(`expected a shell: ${Object.keys(COMPLETION_SCRIPTS).join(', ')}`);
  return { outcome: 'ok', text: script };
}

/** The hidden `__complete` entry point: never fails, prints nothing it cannot offer. */
export async function complete(ctx: Context, words: string[]): Promise<CommandResult> {
  const at = completeAt(words);
  if ('words' in at) return { outcome: 'ok', text: lines(at.words) };
  if (at.kind === 'file') return { outcome: 'ok', text: '@files\n' };
  const values = await valuesOfKind(ctx, at.kind).catch(() => []);
  return { outcome: 'ok', text: lines(values.filter((v) => v.startsWith(at.prefix))) };
}

function lines(words: readonly string[]): string {
  return words.map((w) => `${w}\n`).join('');
}

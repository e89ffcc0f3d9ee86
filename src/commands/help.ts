/**
 * `git checkpoint help [command]`: the man page (man/git-checkpoint.1) through
 * `man` when standard output is a terminal, else the built-in text.
 */
import type { CommandResult, Context, ParsedArgs } from '../io/context.js';
import { COMMANDS } from '../cli/commands.js';
import { commandHelp, generalHelp } from '../cli/help-text.js';
import { unknownCommand } from '../cli/unknown-command.js';

export async function run(ctx: Context, args: ParsedArgs): Promise<CommandResult> {
  const name = args.positionals[0];
  const entry = name === undefined ? undefined : COMMANDS[name];
  if (name !== undefined && !entry) throw unknownCommand(name);
  if (ctx.deps.streams.isStdoutTTY && !ctx.globals.json && ctx.deps.showManPage) {
    const { packageFile } = await import('../io/package-files.js');
    if (await ctx.deps.showManPage(packageFile('man/git-checkpoint.1'), name)) return { outcome: 'ok' };
  }
  return { outcome: 'ok', text: name === undefined || !entry ? generalHelp() : commandHelp(name, entry) };
}

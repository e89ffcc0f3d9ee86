/**
 * `git checkpoint help [command]`: the man page (man/git-checkpoint.1) through
 * `man` when standard output is a terminal, else the built-in text.
 */
import type { OptionSpec } from '../cli/args.js';
import type { CommandResult, Context, ParsedArgs } from '../cli/context.js';
import { EXIT } from '../cli/exit-codes.js';
import { COMMANDS } from '../cli/commands.js';
import { UsageError } from '../errors.js';

export const options: OptionSpec = {};
export const usage = 'git checkpoint help [<command>]';

export async function run(ctx: Context, args: ParsedArgs): Promise<CommandResult> {
  const name = args.positionals[0];
  if (name !== undefined && !COMMANDS[name]) throw new UsageError(`'${name}' is not a git checkpoint command`);
  if (ctx.deps.streams.isStdoutTTY && !ctx.globals.json && ctx.deps.showManPage) {
    const { packageFile } = await import('../io/package-files.js');
    if (await ctx.deps.showManPage(packageFile('man/git-checkpoint.1'), name)) return { exitCode: EXIT.ok };
  }
  if (name === undefined) return { exitCode: EXIT.ok, text: generalHelp() };
  return { exitCode: EXIT.ok, text: await commandHelp(name) };
}

/** The overview printed by `git checkpoint -h`. */
export function generalHelp(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((n) => n.length));
  const lines = Object.entries(COMMANDS).map(([name, c]) => `   ${name.padEnd(width)}   ${c.summary}`);
  return [
    'usage: git checkpoint [-C <dir>] [--json] [--color | --no-color] [-q] <command> [<args>]',
    '',
    'Save and resume a working session as ordinary git objects.',
    '',
    'commands:',
    ...lines,
    '',
    "See 'git checkpoint <command> -h' for a command's options, and the manual: git checkpoint help.",
    '',
  ].join('\n');
}

/** Usage and flags of one command. */
export async function commandHelp(name: string): Promise<string> {
  const entry = COMMANDS[name];
  if (!entry) throw new UsageError(`'${name}' is not a git checkpoint command`);
  const mod = await entry.load();
  const flags = Object.entries(mod.options).map(([flag, o]) => {
    const short = o.short ? `-${o.short}, ` : '    ';
    return `   ${short}--${flag}${o.type === 'string' ? ' <value>' : ''}${o.multiple ? ' (repeatable)' : ''}`;
  });
  return [`usage: ${mod.usage}`, '', `${entry.summary}`, '', ...(flags.length ? ['options:', ...flags, ''] : [])].join('\n');
}

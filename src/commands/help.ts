/** `git checkpoint help [command]`: built-in text (the man page comes with install). */
import type { OptionSpec } from '../cli/args.js';
import type { CommandResult, Context, ParsedArgs } from '../cli/context.js';
import { EXIT } from '../cli/exit-codes.js';
import { COMMANDS } from '../cli/commands.js';
import { UsageError } from '../errors.js';

export const options: OptionSpec = {};
export const usage = 'git checkpoint help [<command>]';

export async function run(_ctx: Context, args: ParsedArgs): Promise<CommandResult> {
  const name = args.positionals[0];
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
    "See 'git checkpoint <command> -h' for a command's options.",
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

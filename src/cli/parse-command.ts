/**
 * A command's arguments → its values. Every command is checked the same way
 * (command-line.ts); the fast ones — hook entry points and the MCP server,
 * which git and agents start often — then parse with node's own parser, and
 * every other command with yargs (its own bundle, loaded only then).
 */
import { parseArgs } from 'node:util';
import type { Deps } from '../io/deps.js';
import { checkChoices, readCommandLine } from './command-line.js';
import type { CommandEntry } from './options.js';
import type { ColorWhen, GlobalOptions, ParsedArgs } from '../io/context.js';
import { GLOBAL_OPTIONS, type OptionDef } from './options.js';

/** The values and positionals of `rest`, or 'help' when `-h`/`--help` was given. Applies global flags to `globals`. */
export async function parseCommand(entry: CommandEntry, rest: readonly string[], globals: GlobalOptions, deps: Deps): Promise<ParsedArgs | 'help'> {
  const line = readCommandLine(rest, entry.options);
  if (line.help) return 'help';
  const args = entry.fast
    ? parseWithNode(line.tokens, entry.options)
    : (await import('./yargs-parse.js')).parseWithYargs(await deps.loadYargs(), line.tokens, entry.options);
  checkChoices(args.values, [...entry.options, ...GLOBAL_OPTIONS]);
  if (args.values.json) globals.json = true;
  if (args.values.color !== undefined) globals.color = args.values.color as ColorWhen;
  if (args.values['no-color']) globals.color = 'never';
  if (args.values.quiet) globals.quiet = true;
  return args;
}

function parseWithNode(tokens: string[], options: readonly OptionDef[]): ParsedArgs {
  const spec = Object.fromEntries([...options, ...GLOBAL_OPTIONS].map((o) => [o.name, { type: o.type, multiple: Boolean(o.multiple) }]));
  const parsed = parseArgs({ args: tokens, options: spec, allowPositionals: true, strict: true });
  return { values: parsed.values as ParsedArgs['values'], positionals: parsed.positionals };
}

/**
 * Argument parsing on node's own `util.parseArgs`: no parser library on the
 * start-up path (bundled yargs costs ~100 ms, more than all of a short command).
 */
import { resolve } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from '../errors.js';
import type { GlobalOptions, ParsedArgs } from './context.js';

export type OptionSpec = NonNullable<ParseArgsConfig['options']>;

/** Global flags accepted after the command name too (`git checkpoint list --json`). */
export const GLOBAL_FLAGS: OptionSpec = {
  json: { type: 'boolean' },
  color: { type: 'boolean' },
  'no-color': { type: 'boolean' },
  quiet: { type: 'boolean', short: 'q' },
  help: { type: 'boolean', short: 'h' },
};

export interface TopLevel {
  globals: GlobalOptions;
  command: string | null;
  rest: string[];
  version: boolean;
  help: boolean;
}

/** Reads the options before the command name, like git: `-C <dir>` (repeatable), --json, ... */
export function parseTopLevel(argv: string[], cwd: string): TopLevel {
  const top: TopLevel = {
    globals: { dir: cwd, json: false, color: undefined, quiet: false },
    command: null, rest: [], version: false, help: false,
  };
  let i = 0;
  for (; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '-C') {
      const dir = argv[++i];
      if (dir === undefined) throw new UsageError("option '-C' requires a directory");
      top.globals.dir = resolve(top.globals.dir, dir);
    } else if (arg.startsWith('-C') && arg.length > 2) top.globals.dir = resolve(top.globals.dir, arg.slice(2));
    else if (arg === '--json') top.globals.json = true;
    else if (arg === '--color') top.globals.color = true;
    else if (arg === '--no-color') top.globals.color = false;
    else if (arg === '-q' || arg === '--quiet') top.globals.quiet = true;
    else if (arg === '--version' || arg === '-v') top.version = true;
    else if (arg === '-h' || arg === '--help') top.help = true;
    else if (arg.startsWith('-')) throw new UsageError(`unknown option '${arg}'`);
    else break;
  }
  top.command = argv[i] ?? null;
  top.rest = argv.slice(i + 1);
  return top;
}

/** Parses a command's own flags; unknown flags and missing values are usage errors (exit 129). */
export function parseCommandArgs(rest: string[], options: OptionSpec, globals: GlobalOptions): ParsedArgs {
  let parsed;
  try {
    parsed = parseArgs({ args: rest, options: { ...options, ...GLOBAL_FLAGS }, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError(cleanParseError((err as Error).message));
  }
  const values = parsed.values as ParsedArgs['values'];
  if (values.json) globals.json = true;
  if (values.color) globals.color = true;
  if (values['no-color']) globals.color = false;
  if (values.quiet) globals.quiet = true;
  return { values, positionals: parsed.positionals };
}

function cleanParseError(message: string): string {
  return message
    .replace(/\. To specify a positional argument starting with a '-'.*$/s, '')
    .replace(/^Unknown option/, 'unknown option')
    .replace(/^Option/, 'option');
}

/** A string option's value; UsageError when given but empty. */
export function stringOption(args: ParsedArgs, name: string): string | undefined {
  const v = args.values[name];
  if (v === undefined || typeof v !== 'string') return undefined;
  if (v.trim() === '') throw new UsageError(`option '--${name}' needs a non-empty value`);
  return v;
}

/** A repeatable string option's values, in order; empty values are usage errors. */
export function listOption(args: ParsedArgs, name: string): string[] | undefined {
  const v = args.values[name];
  if (v === undefined) return undefined;
  const list = Array.isArray(v) ? v : [String(v)];
  for (const item of list) if (item.trim() === '') throw new UsageError(`option '--${name}' needs a non-empty value`);
  return list;
}

/** Refuses more positionals than a command takes. */
export function maxPositionals(args: ParsedArgs, n: number, command: string): void {
  if (args.positionals.length > n) {
    throw new UsageError(`too many arguments for '${command}': ${args.positionals.slice(n).join(' ')}`);
  }
}

/** The `--format` value (`--json` wins); UsageError for one not in `formats`. */
export function readFormat(globals: GlobalOptions, args: ParsedArgs, formats: readonly string[], fallback: string): string {
  const format = globals.json ? 'json' : (stringOption(args, 'format') ?? fallback);
  if (!formats.includes(format)) throw new UsageError(`invalid value for '--format': '${format}' (expected ${formats.join(', ')})`);
  return format;
}

/**
 * The options before the command name, read by hand (like git's own), so that
 * `--version` and the hook entry points decide what to load before any parser
 * is loaded; and the helpers commands read their values with.
 */
import { resolve } from 'node:path';
import { UsageError } from '../errors.js';
import type { ColorWhen, GlobalOptions, ParsedArgs } from '../io/context.js';
import { GLOBAL_OPTIONS, TOP_LEVEL_OPTIONS } from './options.js';
import { didYouMean } from './suggest.js';

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
    globals: { dir: cwd, json: false, color: undefined, quiet: false, noPager: false, paginate: false },
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
    else if (arg === '--color' || arg.startsWith('--color=')) top.globals.color = colorWhen(arg);
    else if (arg === '--no-color') top.globals.color = 'never';
    else if (arg === '-p' || arg === '--paginate') top.globals.paginate = true;
    else if (arg === '-P' || arg === '--no-pager') top.globals.noPager = true;
    else if (arg === '-q' || arg === '--quiet') top.globals.quiet = true;
    else if (arg === '--version' || arg === '-v') top.version = true;
    else if (arg === '-h' || arg === '--help') top.help = true;
    else if (arg.startsWith('-')) throw unknownTopLevel(arg);
    else break;
  }
  top.command = argv[i] ?? null;
  top.rest = argv.slice(i + 1);
  return top;
}

function colorWhen(arg: string): ColorWhen {
  const when = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : 'always';
  if (when !== 'always' && when !== 'never' && when !== 'auto') {
    throw new UsageError(`invalid value for '--color': '${when}' (expected always, never, auto)`);
  }
  return when;
}

function unknownTopLevel(arg: string): UsageError {
  const names = [...GLOBAL_OPTIONS, ...TOP_LEVEL_OPTIONS].map((o) => o.name).filter((n) => n.length > 1);
  const near = arg.startsWith('--') ? didYouMean(arg.slice(2).split('=')[0]!, names, (n) => `--${n}`) : undefined;
  return new UsageError(`unknown option '${arg}'`, near ? { hint: near } : {});
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

/** The `--format` value (`--json` is `--format json`); UsageError for one not in `formats`, or another format with --json. */
export function readFormat(globals: GlobalOptions, args: ParsedArgs, formats: readonly string[], fallback: string): string {
  const asked = stringOption(args, 'format');
  if (globals.json && asked !== undefined && asked !== 'json') throw new UsageError(`'--json' and '--format ${asked}' cannot be used together`);
  const format = globals.json ? 'json' : (asked ?? fallback);
  if (!formats.includes(format)) throw new UsageError(`invalid value for '--format': '${format}' (expected ${formats.join(', ')})`);
  return format;
}

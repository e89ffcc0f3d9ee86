/**
 * What an option is, once for every consumer: the parser (yargs, or node's
 * own parser on the fast path), `-h`, shell completion and the man page test
 * all read these declarations.
 */

/** What a value names, for completion: checkpoint names, branches, remotes, files. */
export type ValueKind = 'checkpoint' | 'branch' | 'remote' | 'file' | 'agent' | 'hook' | 'command' | 'shell';

export interface OptionDef {
  /** The long name, without `--`. */
  name: string;
  /** One letter, without `-`. */
  short?: string;
  /** `string` options take a value (`--name <value>`, `--name=<value>`, `-x<value>`). */
  type: 'boolean' | 'string';
  /** Repeatable: every value is kept, in order. */
  multiple?: boolean;
  /** The placeholder in usage lines: `--task <title>`. */
  value?: string;
  /** The only values accepted; anything else is a usage error naming them. */
  choices?: readonly string[];
  /** What applies when the option is not given (help text only: commands apply their own defaults). */
  default?: string;
  description: string;
  /** What the value names, for completion. */
  complete?: ValueKind;
  /** The value is optional and only ever attached (`--color`, `--color=never`): alone, the option means this. */
  implied?: string;
}

export interface PositionalDef {
  /** The placeholder in usage lines. */
  name: string;
  complete?: ValueKind;
  /** Takes any number of values. */
  variadic?: boolean;
  /** The only words accepted here (for completion). */
  choices?: readonly string[];
}

/** Accepted by every command, before or after its name. */
export const GLOBAL_OPTIONS: readonly OptionDef[] = [
  { name: 'json', type: 'boolean', description: 'machine output: one JSON document on standard output' },
  { name: 'color', type: 'string', value: 'when', implied: 'always', choices: ['always', 'never', 'auto'], default: 'auto', description: 'colour the output (--color alone: always)' },
  { name: 'no-color', type: 'boolean', description: 'never colour the output' },
  { name: 'quiet', short: 'q', type: 'boolean', description: 'print less: no hints, no progress' },
  { name: 'help', short: 'h', type: 'boolean', description: "print this command's usage" },
];

/** Options accepted only before the command name (`git checkpoint -C <dir> list`). */
export const TOP_LEVEL_OPTIONS: readonly OptionDef[] = [
  { name: 'C', type: 'string', value: 'dir', description: 'run as if started in <dir> (repeatable)', complete: 'file' },
  { name: 'version', short: 'v', type: 'boolean', description: 'print the version and exit' },
  { name: 'paginate', short: 'p', type: 'boolean', description: 'page the output when standard output is a terminal' },
  { name: 'no-pager', short: 'P', type: 'boolean', description: 'never page the output' },
];

/** The `format` option shared by the commands that print one checkpoint. */
export function formatOption(choices: readonly string[], fallback: string): OptionDef {
  return { name: 'format', type: 'string', value: 'format', choices, default: fallback, description: 'output format (--json is --format json)' };
}

/** `-n, --dry-run`. */
export function dryRunOption(description: string): OptionDef {
  return { name: 'dry-run', short: 'n', type: 'boolean', description };
}

/** How an option is written in usage and messages: `-m, --task <title>`. */
export function optionLabel(o: OptionDef): string {
  const long = o.name.length === 1 ? `-${o.name}` : `--${o.name}`;
  const value = o.type !== 'string' ? '' : o.implied !== undefined ? `[=<${o.value ?? 'value'}>]` : ` <${o.value ?? 'value'}>`;
  return `${o.short ? `-${o.short}, ` : ''}${long}${value}`;
}

/** One command of the table (commands.ts): what `-h`, `help`, completion and the parser read. */
export interface CommandEntry {
  summary: string;
  /** Usage lines after `git checkpoint <name>`; one per form. */
  usage: readonly string[];
  positionals: readonly PositionalDef[];
  options: readonly OptionDef[];
  /** `[command line, what it does]`. */
  examples: readonly (readonly [string, string])[];
  /** Human output goes through the pager on a terminal (as git's log, show and diff). */
  pages?: boolean;
  /** Parsed by node's own parser, never loading yargs: hook entry points and the MCP server start fast. */
  fast?: boolean;
  /** Prints no JSON document (src/schemas/json-outputs.ts lists those that do): `--json` is a usage error. */
  noJson?: boolean;
}

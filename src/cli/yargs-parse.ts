/**
 * Interactive commands parse with yargs' parser, configured from the command
 * table. It reads the arguments after command-line.ts has checked them and
 * spelled every option one way; yargs types them, gathers repeated options in
 * order, and splits off the positionals.
 */
import type { ParsedArgs, OptionValue } from '../io/context.js';
import type { YargsParser } from '../io/deps.js';
import { GLOBAL_OPTIONS, type OptionDef } from './options.js';

/** yargs' parser settings: git's spelling of options, no coercion, every value as given. */
const CONFIGURATION = {
  'camel-case-expansion': false,
  'boolean-negation': false,
  'dot-notation': false,
  'duplicate-arguments-array': true,
  'flatten-duplicate-arrays': true,
  'greedy-arrays': false,
  'parse-numbers': false,
  'parse-positional-numbers': false,
  'populate--': false,
  'short-option-groups': false,
} as const;

/** The options and positionals in `tokens` (the output of readCommandLine). */
export function parseWithYargs(parse: YargsParser, tokens: string[], options: readonly OptionDef[]): ParsedArgs {
  const all = [...options, ...GLOBAL_OPTIONS];
  const argv = parse(tokens, {
    configuration: CONFIGURATION,
    boolean: all.filter((o) => o.type === 'boolean').map((o) => o.name),
    string: all.filter((o) => o.type === 'string').map((o) => o.name),
    array: all.filter((o) => o.multiple).map((o) => o.name),
  }) as Record<string, unknown> & { _: unknown[] };
  const values: Record<string, OptionValue> = {};
  for (const o of all) {
    const v = argv[o.name];
    if (v === undefined) continue;
    // A single-valued option given twice: the last one wins, as in git.
    values[o.name] = o.multiple ? (v as unknown[]).map(String) : Array.isArray(v) ? (v.at(-1) as string | boolean) : (v as string | boolean);
  }
  return { values, positionals: argv._.map(String) };
}

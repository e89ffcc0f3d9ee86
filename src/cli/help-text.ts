/**
 * Usage text in git's shape, from the command table: `git checkpoint -h` and
 * `git checkpoint <command> -h` (which exit 129, as git's do), and `help`.
 */
import { COMMANDS } from './commands.js';
import { GLOBAL_OPTIONS, optionLabel, TOP_LEVEL_OPTIONS, type CommandEntry, type OptionDef } from './options.js';

const COLUMN = 26;

/** The overview: usage, every command with its summary. */
export function generalHelp(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((n) => n.length));
  const lines = Object.entries(COMMANDS).map(([name, c]) => `   ${name.padEnd(width)}   ${c.summary}`);
  return [
    'usage: git checkpoint [-C <dir>] [-p | -P] [--json] [--color[=<when>] | --no-color] [-q] <command> [<args>]',
    '',
    'Save and resume a working session as ordinary git objects.',
    '',
    'commands:',
    ...lines,
    '',
    'global options:',
    ...[...TOP_LEVEL_OPTIONS, ...GLOBAL_OPTIONS].map(optionLine),
    '',
    "See 'git checkpoint <command> -h' for a command's options, and the manual: git checkpoint help.",
    '',
  ].join('\n');
}

/** One command: usage lines, summary, options with descriptions, allowed values and defaults, examples. */
export function commandHelp(name: string, entry: CommandEntry): string {
  const usage = entry.usage.map((u, i) => `${i ? '   or: ' : 'usage: '}git checkpoint ${name}${u ? ` ${u}` : ''}`);
  const examples = entry.examples.flatMap(([cmd, what]) => [`    ${cmd}`, `${' '.repeat(COLUMN)}${what}`]);
  return [
    ...usage,
    '',
    entry.summary,
    '',
    ...(entry.options.length ? [...entry.options.map(optionLine), ''] : []),
    'global options:',
    ...GLOBAL_OPTIONS.map(optionLine),
    '',
    ...(examples.length ? ['examples:', ...examples, ''] : []),
  ].join('\n');
}

/** `    -n, --limit <limit>   show at most ... (default: 20)`, wrapped to the next line when the label is long. */
function optionLine(o: OptionDef): string {
  const label = `    ${optionLabel(o)}`;
  const extra = [
    o.choices ? `one of ${o.choices.join(', ')}` : null,
    o.default !== undefined ? `default: ${o.default}` : null,
    o.multiple ? 'repeatable' : null,
  ].filter(Boolean);
  const text = `${o.description}${extra.length ? ` (${extra.join('; ')})` : ''}`;
  return label.length + 2 <= COLUMN ? `${label.padEnd(COLUMN)}${text}` : `${label}\n${' '.repeat(COLUMN)}${text}`;
}

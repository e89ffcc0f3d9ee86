/**
 * A command's arguments read as git's parse-options reads them, before the
 * parser turns them into values: every option is checked against the table
 * (an unknown one names the nearest), an option that takes a value takes the
 * next argument whatever it looks like (`-m -x`, `-n -1`) or the rest of its
 * own (`-mfoo`, `--task=foo`), and one with no value left says so. What comes
 * out is one spelling per option (`--task=foo`, `--here`), so the parser
 * behind it never has to guess.
 */
import { UsageError } from '../errors.js';
import { GLOBAL_OPTIONS, type OptionDef } from './options.js';
import { didYouMean } from './suggest.js';

export interface CommandLine {
  /** `-h` or `--help` was given (before any `--`). */
  help: boolean;
  /** `--name=value`, `--name`, then the positionals; after a `--`, everything is a positional. */
  tokens: string[];
}

/** Reads `args` against `options` (plus the global ones); UsageError (exit 129) for what git would refuse. */
export function readCommandLine(args: readonly string[], options: readonly OptionDef[]): CommandLine {
  const all = [...options, ...GLOBAL_OPTIONS];
  const tokens: string[] = [];
  const positionals: string[] = [];
  let help = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') {
      positionals.push(...args.slice(i + 1));
      break;
    }
    if (arg === '-h' || arg === '--help') help = true;
    else if (arg.startsWith('--')) i = readLong(arg, args, i, all, tokens);
    else if (arg.startsWith('-') && arg !== '-') i = readShorts(arg, args, i, all, tokens);
    else positionals.push(arg);
  }
  return { help, tokens: [...tokens, '--', ...positionals] };
}

function readLong(arg: string, args: readonly string[], i: number, all: readonly OptionDef[], out: string[]): number {
  const eq = arg.indexOf('=');
  const name = arg.slice(2, eq < 0 ? undefined : eq);
  const def = all.find((o) => o.name === name && name.length > 1);
  if (!def) throw unknownOption(`--${name}`, all);
  if (def.type === 'boolean') {
    if (eq >= 0) throw new UsageError(`option '--${name}' takes no value`);
    out.push(`--${name}`);
    return i;
  }
  if (eq >= 0 || def.implied !== undefined) {
    out.push(`--${name}=${eq >= 0 ? arg.slice(eq + 1) : def.implied}`);
    return i;
  }
  if (i + 1 >= args.length) throw missingValue(def);
  out.push(`--${name}=${args[i + 1]}`);
  return i + 1;
}

function readShorts(arg: string, args: readonly string[], i: number, all: readonly OptionDef[], out: string[]): number {
  for (let k = 1; k < arg.length; k++) {
    const letter = arg[k]!;
    const def = all.find((o) => o.short === letter);
    if (!def) throw unknownOption(k === 1 ? arg.slice(0, 2) : `-${letter}`, all);
    if (def.type === 'boolean') {
      out.push(`--${def.name}`);
      continue;
    }
    const attached = arg.slice(k + 1);
    if (attached !== '') {
      out.push(`--${def.name}=${attached}`);
      return i;
    }
    if (i + 1 >= args.length) throw missingValue(def, letter);
    out.push(`--${def.name}=${args[i + 1]}`);
    return i + 1;
  }
  return i;
}

function missingValue(def: OptionDef, short?: string): UsageError {
  const spelled = short ? `-${short}` : `--${def.name}`;
  return new UsageError(`option '${spelled}' requires a value`, {
    hint: `give it as ${spelled} <${def.value ?? 'value'}>${def.choices ? ` (one of ${def.choices.join(', ')})` : ''}`,
  });
}

function unknownOption(spelled: string, all: readonly OptionDef[]): UsageError {
  const long = spelled.startsWith('--');
  const names = long ? all.map((o) => o.name) : all.flatMap((o) => (o.short ? [o.short] : []));
  const bare = spelled.replace(/^-+/, '');
  const near = long ? didYouMean(bare, names, (n) => `--${n}`) : undefined;
  return new UsageError(`unknown option '${spelled}'`, near ? { hint: near } : {});
}

/** UsageError naming the allowed values when a value is not among an option's choices. */
export function checkChoices(values: Record<string, unknown>, options: readonly OptionDef[]): void {
  for (const o of options) {
    if (!o.choices) continue;
    const given = values[o.name];
    for (const v of Array.isArray(given) ? given : given === undefined ? [] : [given]) {
      if (!o.choices.includes(String(v))) {
        const near = didYouMean(String(v), o.choices);
        throw new UsageError(`invalid value for '--${o.name}': '${String(v)}' (expected ${o.choices.join(', ')})`, near ? { hint: near } : {});
      }
    }
  }
}

/**
 * What to offer at the cursor, from the command table: the words typed after
 * `git checkpoint` (the last one is the word being completed) → a list of
 * candidates, or a kind of value the caller looks up (checkpoint names,
 * branches, remotes) or leaves to the shell (files). Pure: the shell scripts
 * of `completion` ask for it through `git checkpoint __complete <words>`.
 */
import { AGENT_NAMES, HOOK_NAMES } from './commands-admin.js';
import { COMMANDS } from './commands.js';
import { GLOBAL_OPTIONS, TOP_LEVEL_OPTIONS, type OptionDef, type ValueKind } from './options.js';

export type Completion = { words: string[] } | { kind: ValueKind; prefix: string };

const listed = (words: readonly string[], cur: string, prefix = ''): Completion => ({ words: words.filter((w) => w.startsWith(cur)).map((w) => prefix + w) });

/** What to complete after `typed` (the last element is the word under the cursor, possibly empty). */
export function completeAt(typed: readonly string[]): Completion {
  const words = typed.length ? typed : [''];
  const cur = words[words.length - 1]!;
  const before = words.slice(0, -1);
  let i = 0;
  // Options before the command name (-C <dir>, --json, ...).
  for (; i < before.length && before[i]!.startsWith('-'); i++) if (before[i] === '-C') i++;
  if (i >= before.length) {
    if (before.at(-1) === '-C') return { kind: 'file', prefix: cur };
    if (cur.startsWith('-')) return listed(spell([...TOP_LEVEL_OPTIONS, ...GLOBAL_OPTIONS]), cur);
    return listed(Object.keys(COMMANDS).filter((c) => c !== 'hook'), cur);
  }
  const entry = COMMANDS[before[i]!];
  if (!entry) return { words: [] };
  const args = before.slice(i + 1);
  const options = [...entry.options, ...GLOBAL_OPTIONS.filter((o) => o.name !== 'help')];
  const prev = args.at(-1);
  const pending = prev === undefined || prev === '--' ? undefined : findTaking(prev, options);
  if (pending) return valuesOf(pending, cur, '');
  const eq = cur.indexOf('=');
  if (cur.startsWith('--') && eq > 0) {
    const o = options.find((x) => x.name === cur.slice(2, eq));
    return o && o.type === 'string' ? valuesOf(o, cur.slice(eq + 1), cur.slice(0, eq + 1)) : { words: [] };
  }
  if (cur.startsWith('-') && !args.includes('--')) return listed(spell(options), cur);
  return positionalAt(entry.positionals, countPositionals(args, options), cur);
}

function spell(options: readonly OptionDef[]): string[] {
  return options.map((o) => (o.name.length === 1 ? `-${o.name}` : `--${o.name}`));
}

/** The option `word` names when it still waits for its value (`-m`, `--since`); undefined otherwise. */
function findTaking(word: string, options: readonly OptionDef[]): OptionDef | undefined {
  if (word.startsWith('--')) {
    const o = options.find((x) => x.name === word.slice(2));
    return o?.type === 'string' && o.implied === undefined ? o : undefined;
  }
  if (/^-[a-zA-Z]$/.test(word)) return options.find((x) => x.short === word[1] && x.type === 'string');
  return undefined;
}

function valuesOf(o: OptionDef, cur: string, prefix: string): Completion {
  if (o.choices) return listed(o.choices, cur, prefix);
  return o.complete ? { kind: o.complete, prefix: cur } : { words: [] };
}

/** How many positionals `args` holds (option values skipped). */
function countPositionals(args: readonly string[], options: readonly OptionDef[]): number {
  let n = 0;
  for (let k = 0; k < args.length; k++) {
    const a = args[k]!;
    if (a === '--') return n + args.length - k - 1;
    if (!a.startsWith('-') || a === '-') n++;
    else if (findTaking(a, options)) k++;
  }
  return n;
}

function positionalAt(positionals: readonly { complete?: ValueKind; choices?: readonly string[]; variadic?: boolean }[], n: number, cur: string): Completion {
  const p = positionals[n] ?? (positionals.at(-1)?.variadic ? positionals.at(-1) : undefined);
  if (!p) return { words: [] };
  if (p.choices) return listed(p.choices, cur);
  if (p.complete === 'agent') return listed(AGENT_NAMES, cur);
  if (p.complete === 'hook') return listed(HOOK_NAMES, cur);
  if (p.complete === 'command') return listed(Object.keys(COMMANDS), cur);
  return p.complete ? { kind: p.complete, prefix: cur } : { words: [] };
}

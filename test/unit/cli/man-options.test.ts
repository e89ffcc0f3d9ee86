/**
 * The man page's option lists and the command table (src/cli/commands.ts)
 * say the same thing: every option of a command is documented in its entry
 * (save's and switch's in SAVE OPTIONS), and every option an entry names is
 * one the command takes, a global one, or git's own (listed below).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../../src/cli/commands.js';
import { GLOBAL_OPTIONS, TOP_LEVEL_OPTIONS, type OptionDef } from '../../../src/cli/options.js';
import { SAVE_OPTIONS } from '../../../src/cli/save-options.js';
import { SETTINGS } from '../../../src/checkpoint/config/settings.js';

const man = readFileSync(new URL('../../../man/git-checkpoint.1', import.meta.url), 'utf8');
const section = (from: string, to: string) => man.slice(man.indexOf(`.SH ${from}\n`), man.indexOf(`.SH ${to}\n`));

/** Flags a stretch of roff names: `\fB\-\-since\fR` → `--since`. */
export function flagsIn(roff: string): Set<string> {
  const text = roff.replace(/\\f[BIRP]/g, '').replace(/\\-/g, '-');
  return new Set([...text.matchAll(/(?<![\w-])(--?[a-zA-Z][\w-]*)/g)].map((m) => m[1]!));
}

/** `--name` and `-x` for each option. */
function spellings(options: readonly OptionDef[]): Set<string> {
  return new Set(options.flatMap((o) => [o.name.length === 1 ? `-${o.name}` : `--${o.name}`, ...(o.short ? [`-${o.short}`] : [])]));
}

/** Each command's entry in COMMANDS, by name. */
function entries(): Map<string, string> {
  const parts = section('COMMANDS', 'SAVE OPTIONS').split(/\n\.TP\n(?=\\fB[a-z])/).slice(1);
  return new Map(parts.map((p) => [/^\\fB([a-z]+)/.exec(p)![1]!, p]));
}

/** Flags of other programs that entries quote (git's own options). */
const QUOTED: Record<string, string[]> = {
  push: ['--force-with-lease'],
  uninstall: ['--fixed-value'],
  config: ['--show-origin'],
  log: ['--graph'],
};

const minus = (a: Set<string>, b: Set<string>) => [...a].filter((x) => !b.has(x)).sort();

describe('man page option lists and the command table agree', () => {
  const man = entries();
  const saveSection = flagsIn(section('SAVE OPTIONS', 'EXIT STATUS'));
  const saves = spellings(SAVE_OPTIONS);
  const globals = spellings([...GLOBAL_OPTIONS, ...TOP_LEVEL_OPTIONS]);

  it.each(Object.keys(COMMANDS))('%s', (name) => {
    const entry = man.get(name);
    expect(entry, `no entry for ${name}`).toBeDefined();
    const documented = flagsIn(entry!);
    const own = spellings(COMMANDS[name]!.options);
    // Options that come from save are documented once, in SAVE OPTIONS.
    const here = new Set([...own].filter((f) => !saves.has(f) || name === 'save' && !saveSection.has(f)));
    expect(minus(here, documented), `${name}: in the table, not in its man entry`).toEqual([]);
    const allowed = new Set([...own, ...globals, ...(QUOTED[name] ?? [])]);
    expect(minus(documented, allowed), `${name}: in its man entry, not in the table`).toEqual([]);
  });

  it('SAVE OPTIONS lists exactly the options of save', () => {
    expect(minus(saves, saveSection), 'in the table only').toEqual([]);
    expect(minus(saveSection, saves), 'in the man page only').toEqual([]);
  });

  it('GLOBAL OPTIONS lists exactly the global options', () => {
    const documented = flagsIn(section('GLOBAL OPTIONS', 'NAMING A CHECKPOINT'));
    expect(minus(globals, documented), 'in the table only').toEqual([]);
    expect(minus(documented, globals), 'in the man page only').toEqual([]);
  });

  it('finds flags in roff as the page writes them', () => {
    expect([...flagsIn('\\fB\\-n\\fR, \\fB\\-\\-limit\\fR \\fImax\\fR, first\\-parent, a \\- b')]).toEqual(['-n', '--limit']);
  });

  it('CONFIGURATION documents exactly the checkpoint.* settings of the settings table', () => {
    const documented = new Set([...section('CONFIGURATION', 'SECRETS').matchAll(/^\.BR? (checkpoint\.[A-Za-z]+)/gm)].map((m) => m[1]!));
    expect([...documented].sort()).toEqual(SETTINGS.map((d) => d.key).sort());
  });
});

/**
 * `git checkpoint config [--json]`: every checkpoint.* setting with its
 * effective value and where it comes from (like `git config --show-origin`),
 * or its default; a value the code would refuse is marked.
 */
import { maxPositionals } from '../cli/args.js';
import type { CommandResult, Context, ParsedArgs } from '../io/context.js';
import { didYouMean } from '../cli/suggest.js';
import { checkSetting, SETTINGS, type SettingDef } from '../checkpoint/config/settings.js';
import { UnsupportedError } from '../errors.js';
import { configWithOrigins, type ConfigEntry } from '../git/cli/admin.js';
import { visible } from '../text/sanitize.js';
import type { JsonOutputOf } from '../schemas/json-outputs.js';

export interface SettingReport {
  key: string;
  type: SettingDef['type'];
  /** The effective values: the last one for a single-valued key, all of them for a list. */
  values: { value: string; scope: string; origin: string; error: string | null }[];
  /** What applies when `values` is empty. */
  default: string | null;
  description: string;
}

export async function run(ctx: Context, args: ParsedArgs): Promise<CommandResult> {
  maxPositionals(args, 0, 'config');
  const repo = await ctx.repo();
  if (repo.backend !== 'cli') throw new UnsupportedError("'config' needs the git binary: it asks git where each value comes from");
  const entries = await configWithOrigins(repo.info, ctx.deps.env, '^checkpoint\\.');
  const settings = SETTINGS.map((def) => reportOf(def, entries));
  const unknown = [...new Set(entries.map((e) => e.key).filter((k) => !SETTINGS.some((d) => d.key.toLowerCase() === k)))];
  for (const key of unknown) {
    const near = didYouMean(key, SETTINGS.map((d) => d.key));
    ctx.warn(`unknown setting '${visible(key)}'${near ? `; ${near}` : ` (known: ${SETTINGS.map((d) => d.key).join(', ')})`}`);
  }
  const json: JsonOutputOf<'config'> = { settings, unknown };
  return { outcome: 'ok', json, text: renderSettings(settings) };
}

function reportOf(def: SettingDef, entries: readonly ConfigEntry[]): SettingReport {
  const mine = entries.filter((e) => e.key === def.key.toLowerCase());
  const effective = def.multiple ? mine : mine.slice(-1);
  const values = effective.map((e) => {
    // A key written without "= value" is an implicit true for git.
    const value = e.value ?? 'true';
    return { value, scope: e.scope, origin: e.origin, error: checkSetting(def, value) };
  });
  return { key: def.key, type: def.type, values, default: def.default, description: def.description };
}

function renderSettings(settings: readonly SettingReport[]): string {
  const lines = settings.flatMap((s) => {
    if (!s.values.length) return [[`${s.key}=${s.default ?? ''}`, s.default === null ? '(unset)' : '(default)']];
    return s.values.map((v) => [`${s.key}=${visible(v.value)}`, `${v.scope}\t${visible(v.origin)}${v.error ? `\t(invalid: ${visible(v.error)})` : ''}`]);
  });
  const width = Math.max(...lines.map(([k]) => k!.length));
  return lines.map(([k, o]) => `${k!.padEnd(width)}  ${o}\n`).join('');
}

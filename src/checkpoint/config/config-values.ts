/**
 * Config values as git reads them, and git's one rule for a value that cannot
 * be parsed: `fatal: bad … config value '<value>' for '<key>'` (exit 128),
 * when the key is read. A small module: the pre-push hook reads
 * checkpoint.autoPush through it without loading what the snapshot code
 * needs (micromatch).
 */
import { FatalError } from '../../errors.js';

/** A writer id: a slug, a dash, six of [a-z0-9] (SPEC §3); one path component of every ref it names. */
export const WRITER_PATTERN = /^[a-z0-9][a-z0-9-]*-[a-z0-9]{6}$/;

/** Remote names become one path component of refs/checkpoints/remotes/<remote>/<writer>. */
const REMOTE_NAME = /^[A-Za-z0-9._-]+$/;

/** Git's boolean spellings (and integers: 0 is false, any other true); null when the value is none of them. */
export function parseBool(value: string): boolean | null {
  const v = value.trim().toLowerCase();
  if (['true', 'yes', 'on'].includes(v)) return true;
  if (['false', 'no', 'off', ''].includes(v)) return false;
  if (/^[-+]?[0-9]+[kmg]?$/.test(v)) return !/^[-+]?0+[kmg]?$/.test(v);
  return null;
}

/**
 * The fatal error for `value` of `key`, in git's words: `bad boolean config
 * value …` for a boolean, `bad numeric config value …: invalid unit` for a
 * size, else `bad config value '<value>' for '<key>'` and why.
 */
export function badConfigValue(key: string, value: string, kind: 'boolean' | 'numeric' | 'other', why?: string): FatalError {
  const what = kind === 'boolean' ? 'bad boolean config value' : kind === 'numeric' ? 'bad numeric config value' : 'bad config value';
  const reason = kind === 'numeric' ? 'invalid unit' : why;
  return new FatalError(`${what} '${value}' for '${key}'${reason ? `: ${reason}` : ''}`, {
    hint: 'see where it is set with: git checkpoint config',
  });
}

/** A boolean setting read with git's rules: `fallback` when unset, FatalError (exit 128) when invalid, as git says it. */
export function boolSetting(value: string | null, key: string, fallback: boolean): boolean {
  if (value === null) return fallback;
  const parsed = parseBool(value);
  if (parsed === null) throw badConfigValue(key, value, 'boolean');
  return parsed;
}

export type AutoPush = 'on' | 'off' | 'nowip';

/** `checkpoint.autoPush`: a boolean, or `nowip` (records without their wip trees); default on. */
export function autoPushSetting(value: string | null): AutoPush {
  if (value === null) return 'on';
  if (value.trim().toLowerCase() === 'nowip') return 'nowip';
  const parsed = parseBool(value);
  if (parsed === null) throw badConfigValue('checkpoint.autoPush', value, 'other', 'expected a boolean or nowip');
  return parsed ? 'on' : 'off';
}

/** What a seconds setting must be, as its bad-value message says it. */
export const SECONDS_EXPECTED = 'expected a number of seconds, 0.5 to 3600';

/** A duration in seconds, as `checkpoint.agentHookTimeout` takes it: 0.5 to 3600 (an hour); null when invalid. */
export function parseSeconds(value: string): number | null {
  if (!/^\s*\d+(\.\d+)?\s*$/.test(value)) return null;
  const seconds = Number(value);
  return seconds >= 0.5 && seconds <= 3600 ? seconds : null;
}

/** A size as git writes them: `512`, `100k`, `1m`, `1g`; null when invalid. */
export function parseSize(value: string): number | null {
  const m = /^\s*(\d+)\s*([kmg]?)\s*$/i.exec(value);
  if (!m) return null;
  const unit = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[m[2]!.toLowerCase() as '' | 'k' | 'm' | 'g'];
  return Number(m[1]) * unit;
}

/** A size setting: `fallback` when unset, FatalError (exit 128) when it is not a size. */
export function sizeSetting(value: string | null, key: string, fallback: number): number {
  if (value === null) return fallback;
  const parsed = parseSize(value);
  if (parsed === null) throw badConfigValue(key, value, 'numeric');
  return parsed;
}

/** One of `choices` (case-insensitive, as written there): `fallback` when unset, null when it is none of them. */
export function parseChoice<T extends string>(value: string, choices: readonly T[]): T | null {
  const v = value.trim().toLowerCase();
  return choices.find((c) => c.toLowerCase() === v) ?? null;
}

/** A setting with a few allowed values: `fallback` when unset, FatalError (exit 128) naming them when it is none. */
export function choiceSetting<T extends string>(value: string | null, key: string, choices: readonly T[], fallback: T): T {
  if (value === null) return fallback;
  const parsed = parseChoice(value, choices);
  if (parsed === null) throw badConfigValue(key, value, 'other', `expected ${choices.join(', ')}`);
  return parsed;
}

/** Why `source` cannot be a redaction pattern (it does not compile, or matches the empty string); null when it can. */
export function regexProblem(source: string): string | null {
  try {
    return new RegExp(source).test('') ? 'it matches the empty string' : null;
  } catch (err) {
    return (err as Error).message;
  }
}

/** Why `value` cannot be a writer id; null when it can. */
export function writerProblem(value: string): string | null {
  return WRITER_PATTERN.test(value) ? null : 'expected <slug>-<6 of [a-z0-9]>, lowercase';
}

/**
 * Why `name` cannot be a remote's name here: it must be one path component of
 * refs/checkpoints/remotes/<remote>/ (no `/`, no leading `.`, no `.lock`); null when it can.
 */
export function remoteNameProblem(name: string): string | null {
  if (!REMOTE_NAME.test(name) || name.startsWith('.') || name.endsWith('.lock')) {
    return "not a remote name git checkpoint can keep copies for (letters, digits, '.', '_', '-'; not starting with '.', not ending in '.lock')";
  }
  return null;
}

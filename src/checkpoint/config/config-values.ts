/**
 * Config values as git reads them. A small module: the pre-push hook reads
 * checkpoint.autoPush through it without loading what the snapshot code
 * needs (micromatch).
 */
import { FatalError } from '../../errors.js';

/** Git's boolean spellings (and integers: 0 is false, any other true); null when the value is none of them. */
export function parseBool(value: string): boolean | null {
  const v = value.trim().toLowerCase();
  if (['true', 'yes', 'on'].includes(v)) return true;
  if (['false', 'no', 'off', ''].includes(v)) return false;
  if (/^[-+]?[0-9]+[kmg]?$/.test(v)) return !/^[-+]?0+[kmg]?$/.test(v);
  return null;
}

/** A boolean setting read with git's rules: `fallback` when unset, FatalError (exit 128) when invalid, as git says it. */
export function boolSetting(value: string | null, key: string, fallback: boolean): boolean {
  if (value === null) return fallback;
  const parsed = parseBool(value);
  if (parsed === null) throw new FatalError(`bad boolean config value '${value}' for '${key}'`);
  return parsed;
}

export type AutoPush = 'on' | 'off' | 'nowip';

/** `checkpoint.autoPush`: a boolean, or `nowip` (records without their wip trees); default on. */
export function autoPushSetting(value: string | null): AutoPush {
  if (value !== null && value.trim().toLowerCase() === 'nowip') return 'nowip';
  return boolSetting(value, 'checkpoint.autoPush', true) ? 'on' : 'off';
}

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

/** Dates and durations typed by users (`--since`, `--older-than`). */
import { UsageError } from '../../errors.js';

const UNIT_SECONDS: Record<string, number> = {
  s: 1, sec: 1, second: 1, m: 60, min: 60, minute: 60, h: 3600, hour: 3600,
  d: 86400, day: 86400, w: 604800, week: 604800, mo: 2592000, month: 2592000, y: 31536000, year: 31536000,
};

/** Parses `90m`, `2d`, `3 weeks`, `2 days ago` into seconds; UsageError otherwise. */
export function parseDuration(text: string, flag: string): number {
  const m = /^\s*(\d+)\s*([a-z]+?)s?(\s+ago)?\s*$/i.exec(text);
  const unit = m ? UNIT_SECONDS[(m[2] ?? '').toLowerCase()] : undefined;
  if (!m || unit === undefined) {
    throw new UsageError(`invalid duration for '${flag}': '${text}' (examples: 90m, 12h, 7d, 2w)`);
  }
  return Number(m[1]) * unit;
}

/**
 * Parses a date as git's approxidate reads the common forms: ISO 8601
 * (`2026-11-01`, `2026-11-01 14:30`, `2026-11-01T14:30:00Z`), `now`, `today`
 * (midnight UTC), `yesterday` (a day ago, as in git), and spans back from now:
 * `7d`, `2 days ago`, `last week`, `a month ago`, `1 week 2 days ago`,
 * `2.weeks.ago`. UsageError for anything else.
 */
export function parseSince(text: string, now: Date, flag = '--since'): Date {
  const trimmed = text.trim();
  if (/^\d{4}-\d\d-\d\d/.test(trimmed)) {
    const t = Date.parse(trimmed.replace(/^(\d{4}-\d\d-\d\d) (?=\d)/, '$1T'));
    if (Number.isNaN(t)) throw new UsageError(`invalid date for '${flag}': '${text}'`);
    return new Date(t);
  }
  if (/^today$/i.test(trimmed)) return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const seconds = spanSeconds(trimmed);
  return new Date(now.getTime() - (seconds ?? parseDuration(text, flag)) * 1000);
}

const NUMBER_WORDS: Record<string, number> = {
  a: 1, an: 1, last: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
};

/** Seconds back from now that `text` names (`last week`, `1 week 2 days ago`, `yesterday`); null when it names none. */
function spanSeconds(text: string): number | null {
  const tokens = text.toLowerCase().replace(/[.,_]/g, ' ').replace(/(\d)([a-z])/g, '$1 $2').split(/\s+/).filter(Boolean);
  let total = 0;
  let count: number | null = null;
  let units = 0;
  for (const token of tokens) {
    if (token === 'ago' || token === 'and') continue;
    if (token === 'now') {
      units++;
      continue;
    }
    if (token === 'yesterday') {
      total += 86400;
      units++;
      continue;
    }
    const unit = UNIT_SECONDS[token] ?? (token.endsWith('s') ? UNIT_SECONDS[token.slice(0, -1)] : undefined);
    if (/^\d+$/.test(token) || token in NUMBER_WORDS) count = /^\d+$/.test(token) ? Number(token) : NUMBER_WORDS[token]!;
    else if (unit !== undefined) {
      total += (count ?? 1) * unit;
      count = null;
      units++;
    } else return null;
  }
  return units > 0 && count === null ? total : null;
}

/** A short age: `5 minutes ago`, `3 days ago`. */
export function formatAge(from: Date, now: Date): string {
  const s = Math.max(0, Math.round((now.getTime() - from.getTime()) / 1000));
  const steps: [number, string][] = [[86400 * 365, 'year'], [86400 * 30, 'month'], [86400 * 7, 'week'], [86400, 'day'], [3600, 'hour'], [60, 'minute']];
  for (const [size, name] of steps) {
    if (s >= size) {
      const n = Math.floor(s / size);
      return `${n} ${name}${n === 1 ? '' : 's'} ago`;
    }
  }
  return 'just now';
}

/** Dates and durations typed by users (`--since`, `--older-than`). */
import { UsageError } from '../errors.js';

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

/** Parses an absolute date (ISO 8601, `2026-11-01`) or a relative one (`7d`, `2 days ago`). */
export function parseSince(text: string, now: Date, flag = '--since'): Date {
  if (/^\d{4}-\d\d-\d\d/.test(text.trim())) {
    const t = Date.parse(text.trim());
    if (Number.isNaN(t)) throw new UsageError(`invalid date for '${flag}': '${text}'`);
    return new Date(t);
  }
  return new Date(now.getTime() - parseDuration(text, flag) * 1000);
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

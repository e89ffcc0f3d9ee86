/**
 * Names stored redacted (SPEC §9): a branch or a path that held a secret is
 * recorded with `[REDACTED:<reason>]` in place of it. Such a name can never
 * be a real ref name (`[` is not allowed in one), and it is compared with the
 * names of this clone by its visible parts: a placeholder stands for any
 * non-empty text. Pure, and loads no redaction rule (read-only commands use it).
 */

const MARKER = /\[REDACTED:[a-z0-9-]+\]/;

/** True when `name` was stored with a redaction marker. */
export const hasMarker = (name: string | null): name is string => name !== null && name.includes('[REDACTED:');

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** True when `actual` is the name that `recorded` stands for (equal, or equal outside the markers). */
export function nameMatches(recorded: string | null, actual: string | null): boolean {
  if (recorded === actual) return true;
  if (!hasMarker(recorded) || actual === null) return false;
  return new RegExp(`^${recorded.split(MARKER).map(escape).join('.+?')}$`, 's').test(actual);
}

/**
 * The runs of a text that are long enough to hold a token (16+ characters
 * without spaces, quotes or brackets). Provider tokens and high-entropy
 * strings are only looked for inside them, so prose costs one pass; the runs
 * of the last text are kept, since several rules ask for the same text.
 */

/** The shortest token of the provider table (a test holds the table to it). */
export const MIN_TOKEN = 16;

export interface TokenRun {
  start: number;
  text: string;
}

/** Runs longer than this are looked at in overlapping windows: no token is this long, and the regular expressions run on bounded text. */
const MAX_RUN = 4096;
const OVERLAP = 512;

function pushRun(runs: TokenRun[], text: string, start: number, end: number): void {
  if (end - start <= MAX_RUN) {
    runs.push({ start, text: text.slice(start, end) });
    return;
  }
  for (let at = start; at < end - OVERLAP; at += MAX_RUN - OVERLAP) runs.push({ start: at, text: text.slice(at, Math.min(end, at + MAX_RUN)) });
}

/** The characters that end a run (white space is tested apart). */
const SEPARATORS = new Set([...'"\'`<>()[]{},;\\']);
let cached: { text: string; runs: TokenRun[] } | null = null;

/**
 * Every run of `text`, in order. A plain loop, not a regular expression: a
 * run of megabytes (a minified file, a binary blob read as text) must not
 * exhaust the regex engine's stack.
 */
export function tokenRuns(text: string): TokenRun[] {
  if (cached?.text === text) return cached.runs;
  const runs: TokenRun[] = [];
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text[i]! : ' ';
    const ends = SEPARATORS.has(c) || /\s/.test(c);
    if (!ends) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      if (i - start >= MIN_TOKEN) pushRun(runs, text, start, i);
      start = -1;
    }
  }
  cached = { text, runs };
  return runs;
}

/**
 * The runs of a text that are long enough to hold a token (16+ characters
 * without spaces, quotes or brackets). Provider tokens and high-entropy
 * strings are only looked for inside them, so prose costs one pass; the runs
 * of the last text are kept, since several rules ask for the same text. So
 * is its lower-cased reading, which the keyword searches share.
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

/** The characters that end a run, by code below 128 (white space included); above, only white space ends one. */
const ENDS = new Uint8Array(128);
for (const c of '"\'`<>()[]{},;\\ \t\n\v\f\r') ENDS[c.charCodeAt(0)] = 1;
const WIDE_SPACE = /\s/;
const endsRun = (code: number) => (code < 128 ? ENDS[code] === 1 : WIDE_SPACE.test(String.fromCharCode(code)));
let cached: { text: string; runs: TokenRun[] } | null = null;

/**
 * Every run of `text`, in order. A plain loop over character codes, not a
 * regular expression: a run of megabytes (a minified file, a binary blob
 * read as text) must not exhaust the regex engine's stack, and a 1 MB text
 * costs a few milliseconds.
 */
export function tokenRuns(text: string): TokenRun[] {
  if (cached?.text === text) return cached.runs;
  const runs: TokenRun[] = [];
  // Past the characters that end a run, then to the end of the run: one place pushes a run, the end of the text included
  // (a second one, for a text that ends in a run, had no type feedback when the loop was optimized and threw that code away).
  for (let i = 0; i < text.length; ) {
    while (i < text.length && endsRun(text.charCodeAt(i))) i++;
    const start = i;
    while (i < text.length && !endsRun(text.charCodeAt(i))) i++;
    if (i - start >= MIN_TOKEN) pushRun(runs, text, start, i);
  }
  cached = { text, runs };
  return runs;
}

let lowered: { text: string; lower: string | null } | null = null;

/**
 * `text` lower-cased, for a search of words in any case (several times faster than a search that ignores case); null when
 * lower-casing changes its length (a few letters outside ASCII), so that positions in it are not positions in `text`.
 */
export function lowerCased(text: string): string | null {
  if (lowered?.text === text) return lowered.lower;
  const lower = text.toLowerCase();
  lowered = { text, lower: lower.length === text.length ? lower : null };
  return lowered.lower;
}

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

const RUN = /(?<![^\s"'`<>()[\]{},;\\])[^\s"'`<>()[\]{},;\\]{16,}/g;
let cached: { text: string; runs: TokenRun[] } | null = null;

/** Every run of `text`, in order. */
export function tokenRuns(text: string): TokenRun[] {
  if (cached?.text === text) return cached.runs;
  const runs: TokenRun[] = [];
  RUN.lastIndex = 0;
  for (let m = RUN.exec(text); m; m = RUN.exec(text)) runs.push({ start: m.index, text: m[0] });
  cached = { text, runs };
  return runs;
}

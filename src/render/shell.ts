/** Quoting for commands printed for the user to copy into a POSIX shell. */

/** The word as the shell should see it: bare when it is plainly safe, else single-quoted. */
export function shellQuote(word: string): string {
  if (/^[A-Za-z0-9._\/:@%+=,-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * Text written out inside a string: a command's output in a JSON string, a
 * log of one, a note typed with `\n`. The redaction rules read such a text a
 * second time as it reads once unescaped, each escape read in place, as many
 * characters as it had, so that every span found is the same span of the text:
 * - a written break (`\n`, `\r`, `\t`, or `\\n` inside a string written out
 *   itself) is read as the break itself, then blanks;
 * - an escaped quote (`\"`) is read as a quote with blanks outside the string
 *   it opens or closes (quotes open and close in turn on a line).
 */
import type { Hit } from './secret-format-rules.js';

/** What each written-out break is read as, by the code of its letter. */
const BREAK: Record<number, string> = { 110: '\n', 114: '\r', 116: '\t' };

/**
 * The text read unescaped, or null when it holds no escape to read. (One
 * loop over the backslashes: a pattern looking past a run of escapes would
 * read the run again at each one.)
 */
export function readAsLines(text: string): string | null {
  let from = text.indexOf('\\');
  if (from < 0) return null;
  const parts: string[] = [];
  let copied = 0;
  // Whether the last escaped quote on this line opened a string; where the next line break of the text is.
  let open = false;
  let nextBreak = text.indexOf('\n');
  while (from >= 0) {
    let letter = from;
    while (text.charCodeAt(letter) === 92) letter++;
    const code = text.charCodeAt(letter);
    const read = BREAK[code];
    if (nextBreak >= 0 && nextBreak < from) {
      open = false;
      nextBreak = text.indexOf('\n', from);
    }
    if (read !== undefined) {
      parts.push(text.slice(copied, from), read, ' '.repeat(letter - from));
      copied = letter + 1;
      open = false;
    } else if (code === 34 && (letter - from) % 2 === 1) {
      const blanks = ' '.repeat(letter - from);
      parts.push(text.slice(copied, from), open ? `"${blanks}` : `${blanks}"`);
      copied = letter + 1;
      open = !open;
    }
    from = text.indexOf('\\', letter);
  }
  if (copied === 0) return null;
  parts.push(text.slice(copied));
  return parts.join('');
}

/** A span that ends in a written-out break (a value at the end of a JSON string, `…\n"`) ends before it. */
export function withoutWrittenBreak(text: string, hit: Hit): Hit {
  let end = hit.end;
  while (end - hit.start > 2 && BREAK[text.charCodeAt(end - 1)] !== undefined && text.charCodeAt(end - 2) === 92) {
    end -= 2;
    while (end - hit.start > 1 && text.charCodeAt(end - 1) === 92) end--;
  }
  return end === hit.end ? hit : { ...hit, end };
}

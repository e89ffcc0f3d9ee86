/**
 * Text whose line breaks are written out: a command's output inside a JSON
 * string, a log of one, a note typed with `\n`. The redaction rules read such
 * a text a second time as lines, each written break (`\n`, `\r`, `\t`, or
 * `\\n` inside a string written out itself) read as the break itself and
 * blanks, as many characters as it had, so that every span found is the same
 * span of the text.
 */
import type { Hit } from './secret-format-rules.js';

/** What each written-out break is read as, by the code of its letter. */
const BREAK: Record<number, string> = { 110: '\n', 114: '\r', 116: '\t' };

/**
 * The text read as lines, or null when it has no written-out break. (One
 * loop over the backslashes: a pattern looking past a run of breaks would
 * read the run again at each one.)
 */
export function readAsLines(text: string): string | null {
  let from = text.indexOf('\\');
  if (from < 0) return null;
  const parts: string[] = [];
  let copied = 0;
  while (from >= 0) {
    let letter = from;
    while (text.charCodeAt(letter) === 92) letter++;
    const read = BREAK[text.charCodeAt(letter)];
    if (read !== undefined) {
      parts.push(text.slice(copied, from), read, ' '.repeat(letter - from));
      copied = letter + 1;
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

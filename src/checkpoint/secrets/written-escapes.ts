/**
 * Text written out inside a string: a command's output in a JSON string, a
 * log of one, a note typed with `\n`. The redaction rules read such a text
 * unescaped as well, each escape read in place and as many characters long as
 * it is written, so that every span found is the same span of the text:
 * - a run of written-out breaks (`\n`, `\r`, `\t`, also after several
 *   backslashes: `\\n` in a string written out twice) is read as blanks, then
 *   the breaks themselves, so that each line starts where its text does;
 * - an escaped quote (`\"`, `\\\"`) is read as a quote with its blanks
 *   outside the string it opens or closes: quotes escaped the same number of
 *   times open and close in turn on a line.
 */
import type { Hit } from './secret-format-rules.js';

/** What each written-out break is read as, by the code of its letter. */
const BREAK: Record<number, string> = { 110: '\n', 114: '\r', 116: '\t' };

/** Whether the character at `i` is the letter of a written-out break (`n`, `r` or `t` after a backslash). */
export const isWrittenBreakAt = (text: string, i: number): boolean => BREAK[text.charCodeAt(i)] !== undefined && text.charCodeAt(i - 1) === 92;

/** Where the first written-out break or escaped quote of `text` starts (its first backslash), or -1: where an unquoted value ends. */
export const escapeIn = (text: string): number => text.search(/\\+[nrt"]/);

/**
 * The text read unescaped, or null when it holds no escape to read. (One
 * loop over the backslashes: a pattern looking past a run of escapes would
 * read the run again at each one.)
 */
export function readUnescaped(text: string): string | null {
  let from = text.indexOf('\\');
  if (from < 0) return null;
  const parts: string[] = [];
  let copied = 0;
  // For each number of backslashes before a quote, whether the last such quote on this line opened a string.
  let open = new Set<number>();
  let nextBreak = text.indexOf('\n');
  while (from >= 0) {
    if (nextBreak >= 0 && nextBreak < from) {
      open = new Set();
      nextBreak = text.indexOf('\n', from);
    }
    // A run of written breaks: blanks for every backslash, then the breaks.
    let blanks = 0;
    let breaks = '';
    let at = from;
    for (;;) {
      let letter = at;
      while (text.charCodeAt(letter) === 92) letter++;
      const read = BREAK[text.charCodeAt(letter)];
      if (letter === at || read === undefined) break;
      blanks += letter - at;
      breaks += read;
      at = letter + 1;
    }
    if (breaks !== '') {
      parts.push(text.slice(copied, from), ' '.repeat(blanks), breaks);
      copied = at;
      open = new Set();
      from = text.indexOf('\\', at);
      continue;
    }
    let quote = from;
    while (text.charCodeAt(quote) === 92) quote++;
    const level = quote - from;
    if (text.charCodeAt(quote) === 34 && level % 2 === 1) {
      const pad = ' '.repeat(level);
      parts.push(text.slice(copied, from), open.has(level) ? `"${pad}` : `${pad}"`);
      copied = quote + 1;
      if (open.has(level)) open.delete(level);
      else open.add(level);
    }
    from = text.indexOf('\\', quote);
  }
  if (copied === 0) return null;
  parts.push(text.slice(copied));
  return parts.join('');
}

/** A span that ends in a written-out break (a value at the end of a JSON string, `…\n"`) ends before it. */
export function withoutWrittenBreak(text: string, hit: Hit): Hit {
  let end = hit.end;
  while (end - hit.start > 2 && isWrittenBreakAt(text, end - 1)) {
    end -= 2;
    while (end - hit.start > 1 && text.charCodeAt(end - 1) === 92) end--;
  }
  return end === hit.end ? hit : { ...hit, end };
}

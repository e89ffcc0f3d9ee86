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
 *   times open and close in turn on a line;
 * - so is a quote written as HTML writes it in an attribute or a page
 *   (`&quot;`, `&#34;`, `&#x22;`, `&apos;`, `&#39;`): `{&quot;token&quot;: …}`;
 * - the quotes around a tool's output or a message's text that goes on
 *   over several lines (`"content":"…\n…"`) are read as line breaks, so
 *   that its first line starts a line and its last ends one.
 */
import type { Hit } from './secret-format-rules.js';

/** What each written-out break is read as, by the code of its letter. */
const BREAK: Record<number, string> = { 110: '\n', 114: '\r', 116: '\t' };

/** Whether the character at `i` is the letter of a written-out break (`n`, `r` or `t` after a backslash). */
export const isWrittenBreakAt = (text: string, i: number): boolean => BREAK[text.charCodeAt(i)] !== undefined && text.charCodeAt(i - 1) === 92;

/** A quote as HTML writes it, before its `;`: `&quot;`, `&#34;`, `&#x22;`, `&apos;`, `&#39;`, `&#x27;`. */
const HTML_QUOTE = '&(?:quot|apos|#0*3[49]|#[xX]0*2[27])';
/** A written-out break or escaped quote; a value read up to a `;` may hold the start of an HTML quote without it (`&quot`). */
const VALUE_ENDS = new RegExp(`\\\\+[nrt"]|${HTML_QUOTE}(?:;|$)`);

/** Where the first written-out break or escaped quote of `text` starts (its first backslash or its `&`), or -1: where an unquoted value ends. */
export const escapeIn = (text: string): number => text.search(VALUE_ENDS);

/** A backslash, or a quote written as HTML writes it. */
const ESCAPE_START = new RegExp(`\\\\|${HTML_QUOTE};`, 'g');
/** The quote an HTML character reference stands for, by its second letter or digit (`&quot;`, `&apos;`, `&#34;`, `&#x22;`…). */
const htmlQuote = (ref: string) => (/^&(?:quot|#0*34|#[xX]0*22);$/.test(ref) ? '"' : "'");

/** Where the next backslash or written quote is, from `at` on, and how long the quote is written (0 for a backslash); -1 when none is left. */
function nextEscape(text: string, at: number): [number, number] {
  ESCAPE_START.lastIndex = at;
  const m = ESCAPE_START.exec(text);
  return m ? [m.index, m[0] === '\\' ? 0 : m[0].length] : [-1, 0];
}

/**
 * The text read unescaped, or null when it holds no escape to read. (One
 * loop over the escapes: a pattern looking past a run of escapes would
 * read the run again at each one.)
 */
export function readUnescaped(text: string): string | null {
  if (!text.includes('\\') && !text.includes('&')) return null;
  let [from, written] = nextEscape(text, 0);
  if (from < 0) return null;
  const parts: string[] = [];
  let copied = 0;
  // For each number of backslashes before a quote (0 and -1 for HTML's `"` and `'`), whether the last such quote on this line opened a string.
  let open = new Set<number>();
  /** A quote written in `length` characters from `from`: read as the quote with its blanks outside the string it opens or closes. */
  const readQuote = (quote: string, level: number, length: number) => {
    const pad = ' '.repeat(length - 1);
    parts.push(text.slice(copied, from), open.has(level) ? `${quote}${pad}` : `${pad}${quote}`);
    copied = from + length;
    if (open.has(level)) open.delete(level);
    else open.add(level);
  };
  let nextBreak = text.indexOf('\n');
  while (from >= 0) {
    if (nextBreak >= 0 && nextBreak < from) {
      open = new Set();
      nextBreak = text.indexOf('\n', from);
    }
    if (written > 0) {
      const quote = htmlQuote(text.slice(from, from + written));
      readQuote(quote, quote === '"' ? 0 : -1, written);
      [from, written] = nextEscape(text, copied);
      continue;
    }
    // A run of written breaks: blanks for every backslash, then the breaks. (Three backslashes or five before the first are a
    // backslash written out, then a break: a shell's line that goes on, `\\\n` in a JSON string; it is read before the breaks.)
    let blanks = 0;
    let breaks = '';
    let at = from;
    let backslash = false;
    for (;;) {
      let letter = at;
      while (text.charCodeAt(letter) === 92) letter++;
      const read = BREAK[text.charCodeAt(letter)];
      if (letter === at || read === undefined) break;
      if (breaks === '' && (letter - at) % 2 === 1 && letter - at >= 3) backslash = true;
      blanks += letter - at;
      breaks += read;
      at = letter + 1;
    }
    if (breaks !== '') {
      parts.push(text.slice(copied, from), backslash ? `${' '.repeat(blanks - 1)}\\` : ' '.repeat(blanks), breaks);
      copied = at;
      open = new Set();
      [from, written] = nextEscape(text, at);
      continue;
    }
    let quote = from;
    while (text.charCodeAt(quote) === 92) quote++;
    const level = quote - from;
    if (text.charCodeAt(quote) === 34 && level % 2 === 1) readQuote('"', level, level + 1);
    [from, written] = nextEscape(text, quote);
  }
  if (copied === 0) return null;
  parts.push(text.slice(copied));
  return outputAsLines(parts.join(''), text);
}

/** A JSON string that holds what a tool printed or a message's text: `"content":"`, `"stdout": "`, `"output":"`, `"text":"`. */
const OUTPUT_OPENER = /"(?:content|stdout|stderr|output|text|result)"[ \t]*:[ \t]*"/g;
/** How far into such a string its first line break is looked for. */
const FIRST_LINE_REACH = 4096;

/**
 * The reading `unescaped` of `text` with the quotes around each such string that goes on over several lines read as line breaks: its
 * first line starts a line and its last ends one, as they did where they were printed (`"content":"*:5432:*:app:…\n…"`, a `.pgpass`
 * line a rule reads from a line's start; `…\n[smtp.example.com]:587 user:…"}`, a line read to its end). Same length: every span is
 * still the same span of the text.
 */
function outputAsLines(unescaped: string, text: string): string {
  let out: string[] | null = null;
  let copied = 0;
  OUTPUT_OPENER.lastIndex = 0;
  for (let m = OUTPUT_OPENER.exec(unescaped); m; m = OUTPUT_OPENER.exec(unescaped)) {
    const from = m.index + m[0].length;
    const [close, scanned] = multilineStringEnd(text, from);
    // (The next opener is looked for after what was read: one inside this string is text the tool printed, and a string read to
    // its line's end without its closing quote is not read again from every opener on that line.)
    OUTPUT_OPENER.lastIndex = Math.max(OUTPUT_OPENER.lastIndex, scanned);
    if (close < 0) continue;
    (out ??= []).push(unescaped.slice(copied, from - 1), '\n', unescaped.slice(from, close), '\n');
    copied = close + 1;
  }
  if (!out) return unescaped;
  out.push(unescaped.slice(copied));
  return out.join('');
}

/**
 * Where the closing quote is of the JSON string of `text` whose characters start at `from`, when it writes out a line break (`\n`)
 * near its start (else -1), and how far the string was read.
 */
function multilineStringEnd(text: string, from: number): [number, number] {
  const reach = Math.min(text.length, from + FIRST_LINE_REACH);
  let i = from;
  for (; i < reach; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 || c === 10) return [-1, i];
    if (c === 92) {
      if (text.charCodeAt(i + 1) === 110) break;
      i++;
    }
  }
  if (i >= reach) return [-1, i];
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) return [i, i];
    if (c === 10) return [-1, i];
    if (c === 92) i++;
  }
  return [-1, i];
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

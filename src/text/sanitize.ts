/**
 * Makes stored text safe to print (SPEC §9: stored data is untrusted — a
 * teammate's chain is someone else's input). Every character that a terminal
 * would act on instead of showing, or that hides or reorders text, becomes a
 * visible escape such as `\x1b` or `\u202e`.
 *
 * Escaping goes character by character rather than recognising ESC/CSI/OSC
 * sequences: once the introducer (ESC, 0x9b, 0x9d) is escaped, the rest of a
 * sequence is plain printable text and can do nothing.
 */

/**
 * Control (Cc: C0, DEL, C1), format (Cf: bidi embeddings, overrides and
 * isolates, zero-width characters, the BOM, Unicode tag characters used to
 * smuggle invisible text), line/paragraph separators (which some terminals
 * and editors break lines on) and lone surrogates.
 */
const UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;
/** The same class without /g, for a stateless fast-path test (most text is safe). */
const HAS_UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;

const ZWJ = '\u200d';
const EMOJI_BEFORE = /\p{Extended_Pictographic}[\u{fe0f}\u{1f3fb}-\u{1f3ff}]?$/u;
const EMOJI_AFTER = /^\p{Extended_Pictographic}/u;
const NAMED: Readonly<Record<string, string>> = { '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** One visible unit of escaped text: an escape we produce, or one code point. */
const UNIT = /\\(?:x[0-9a-f]{2}|u[0-9a-f]{4}|u\{[0-9a-f]+\}|[tnr])|[\s\S]/gu;

/** The escape for one character: `\t` `\n` `\r`, `\xHH`, `\uHHHH` or `\u{HHHHH}`. */
function escapeChar(ch: string): string {
  const named = NAMED[ch];
  if (named) return named;
  const cp = ch.codePointAt(0) ?? 0;
  if (cp <= 0xff) return `\\x${cp.toString(16).padStart(2, '0')}`;
  if (cp <= 0xffff) return `\\u${cp.toString(16).padStart(4, '0')}`;
  return `\\u{${cp.toString(16)}}`;
}

/**
 * A zero-width joiner between two pictographs is part of one emoji (👨‍👩‍👧);
 * it cannot hide or reorder text, so escaping it would only garble the emoji.
 */
function isEmojiJoiner(text: string, offset: number): boolean {
  return EMOJI_BEFORE.test(text.slice(Math.max(0, offset - 4), offset)) && EMOJI_AFTER.test(text.slice(offset + 1, offset + 3));
}

function escapeUnsafe(text: string, keep: string): string {
  if (!HAS_UNSAFE.test(text)) return text;
  return text.replace(UNSAFE, (ch: string, offset: number) => {
    if (keep.includes(ch)) return ch;
    if (ch === ZWJ && isEmojiJoiner(text, offset)) return ch;
    return escapeChar(ch);
  });
}

/**
 * Single-line safe text: every control, format, bidi, zero-width and
 * separator character — including tab and newline — shown as an escape.
 * Printable text (including a literal backslash) is returned unchanged, so
 * `visible(s) === s` exactly when `s` holds nothing unsafe.
 */
export function visible(text: string): string {
  return escapeUnsafe(text, '');
}

/** Like `visible`, but keeps `\n` and `\t` for multi-line free text such as notes. */
export function visibleMultiline(text: string): string {
  return escapeUnsafe(text, '\n\t');
}

/**
 * `text` without the run at its end of characters `drop` accepts. A loop: `/[…]+$/` is tried from every character of a long run
 * that something else ends, and reads the rest of the run each time (100,000 blank lines before a word cost seconds).
 */
export function trimEndWhile(text: string, drop: (char: string) => boolean): string {
  let end = text.length;
  while (end > 0 && drop(text[end - 1]!)) end--;
  return text.slice(0, end);
}

/**
 * One display line: runs of whitespace (newlines included) become one space,
 * the ends are trimmed, unsafe characters are escaped, and when `max` is given
 * the result is cut to at most `max` code points, the last being `…` (an
 * escape such as `\x1b` is dropped whole, never cut in half).
 */
export function oneLine(text: string, max?: number): string {
  const safe = visible(text.replace(/\s+/gu, ' ').trim());
  // UTF-16 length bounds the code-point count: most lines need no counting.
  if (max === undefined || safe.length <= max || [...safe].length <= max) return safe;
  let out = '';
  let width = 0;
  for (const unit of safe.match(UNIT) ?? []) {
    const unitWidth = [...unit].length;
    if (width + unitWidth > max - 1) break;
    out += unit;
    width += unitWidth;
  }
  // A joiner kept raw inside an emoji must not end the cut: before `…` it would join nothing.
  if (out.endsWith(ZWJ)) out = out.slice(0, -1);
  return max < 1 ? '' : `${out}…`;
}

/** What JSON.stringify leaves raw inside strings although a terminal may act on it: C1, DEL, format and separator characters. */
const JSON_UNSAFE = /[\x7f-\x9f\p{Cf}\u2028\u2029]/gu;

/**
 * Makes serialized JSON safe to print: the characters above become `\uXXXX`
 * escapes (UTF-16 units), which decode to the same value, so the document
 * means exactly what it did. C0 controls are already escaped by JSON.stringify.
 */
/** `value` as a JSON document (indented, or one line with `indent` 0) safe to print, ending with a newline. */
export function renderJson(value: unknown, indent = 2): string {
  return `${escapeJsonText(JSON.stringify(value, null, indent || undefined))}\n`;
}

export function escapeJsonText(json: string): string {
  const unit = (ch: string, i: number) => `\\u${ch.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return json.replace(JSON_UNSAFE, (ch) => (ch.length === 1 ? unit(ch, 0) : unit(ch, 0) + unit(ch, 1)));
}

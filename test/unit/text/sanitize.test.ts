import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { oneLine, visible, visibleMultiline } from '../../../src/text/sanitize.js';

/** What must never reach a terminal: C0 (tab and newline too, on one line), DEL, C1, bidi and zero-width controls. */
const RAW_UNSAFE = /[\x00-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/u;
const RAW_UNSAFE_MULTILINE = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/u;
/** A zero-width joiner between two pictographs, kept on purpose: it is part of one emoji (👨‍👨). */
const EMOJI_JOINER = /(?<=\p{Extended_Pictographic}[\u{fe0f}\u{1f3fb}-\u{1f3ff}]?)\u200d(?=\p{Extended_Pictographic})/gu;
const withoutEmojiJoiners = (s: string): string => s.replace(EMOJI_JOINER, '');

/** Strings dense in the characters an attacker would use, mixed with ordinary text. */
const hostile = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({
    unit: fc.constantFrom('\x1b', '[', ']', '31m', '\x07', '\x9b', '\x9d', '\x00', '\x7f', '\r', '\n', '\t', '\u202e', '\u2066', '\u2069', '\u200b', '\u200d', '\ufeff', '\u{e0041}', '\ud800', 'a', ' ', '\\', '👨'),
    maxLength: 30,
  }),
);

describe('visible', () => {
  it.each([
    ['CSI colour sequence', 'red \x1b[31mtext\x1b[0m', 'red \\x1b[31mtext\\x1b[0m'],
    ['OSC title sequence ended by BEL', '\x1b]0;pwned\x07', '\\x1b]0;pwned\\x07'],
    ['8-bit CSI and NEL (C1)', 'a\x9b2Jb\x85', 'a\\x9b2Jb\\x85'],
    ['NUL, DEL, backspace', '\x00\x7f\x08', '\\x00\\x7f\\x08'],
    ['tab, newline, carriage return', 'a\tb\nc\rd', 'a\\tb\\nc\\rd'],
    ['bidi override (Trojan Source)', 'if (x\u202e) {', 'if (x\\u202e) {'],
    ['bidi isolates', '\u2066a\u2069', '\\u2066a\\u2069'],
    ['zero-width space and BOM', 'pass\u200bword\ufeff', 'pass\\u200bword\\ufeff'],
    ['line separator', 'a\u2028b', 'a\\u2028b'],
    ['invisible tag characters', 'hi\u{e0041}\u{e0042}', 'hi\\u{e0041}\\u{e0042}'],
    ['lone surrogate', 'a\ud800b', 'a\\ud800b'],
    ['a zero-width joiner outside an emoji', 'a\u200db', 'a\\u200db'],
  ])('escapes %s', (_name, input, expected) => {
    expect(visible(input)).toBe(expected);
  });

  it.each([
    ['plain text with a literal backslash', 'C:\\path\\x1b is text'],
    ['accents, CJK and emoji', 'café 東京 😀'],
    ['an emoji joined by zero-width joiners', 'family 👨‍👩‍👧 and 🏳️‍🌈'],
  ])('leaves %s unchanged', (_name, input) => {
    expect(visible(input)).toBe(input);
  });

  it('never emits a raw control character, and is idempotent', () => {
    fc.assert(
      fc.property(hostile, (s) => {
        const out = visible(s);
        expect(withoutEmojiJoiners(out)).not.toMatch(RAW_UNSAFE);
        expect(visible(out)).toBe(out);
      }),
    );
  });
});

describe('visibleMultiline', () => {
  it('keeps newlines and tabs but escapes the rest', () => {
    expect(visibleMultiline('a\tb\nc\r\n\x1b[2J\u202e')).toBe('a\tb\nc\\r\n\\x1b[2J\\u202e');
  });

  it('never emits a raw control character other than newline and tab', () => {
    fc.assert(
      fc.property(hostile, (s) => {
        expect(withoutEmojiJoiners(visibleMultiline(s))).not.toMatch(RAW_UNSAFE_MULTILINE);
      }),
    );
  });
});

describe('oneLine', () => {
  it('collapses whitespace runs and newlines into single spaces and trims', () => {
    expect(oneLine('  fix\n\n the   loop\t\r\nnow  ')).toBe('fix the loop now');
  });

  it('escapes what is left', () => {
    expect(oneLine('a\x1b[1mb\u202e')).toBe('a\\x1b[1mb\\u202e');
  });

  it('truncates with an ellipsis to at most max code points', () => {
    expect(oneLine('abcdefgh', 5)).toBe('abcd…');
    expect(oneLine('abcde', 5)).toBe('abcde');
    expect(oneLine('😀😀😀😀😀😀', 3)).toBe('😀😀…');
  });

  it('drops an escape whole rather than cutting it in half', () => {
    expect(oneLine('ab\x1bcdef', 5)).toBe('ab…');
  });

  it('keeps an emoji whole and never ends a cut on its joiner', () => {
    expect(oneLine('👨\u200d👨', 3)).toBe('👨\u200d👨');
    expect(oneLine('👨\u200d👨👨', 3)).toBe('👨…');
  });

  it('stays on one line, safe, and within max', () => {
    fc.assert(
      fc.property(hostile, fc.integer({ min: 1, max: 30 }), (s, max) => {
        const out = oneLine(s, max);
        expect(withoutEmojiJoiners(out)).not.toMatch(RAW_UNSAFE);
        expect([...out].length).toBeLessThanOrEqual(max);
      }),
    );
  });
});

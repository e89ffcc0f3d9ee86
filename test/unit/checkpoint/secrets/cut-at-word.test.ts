import { describe, expect, it } from 'vitest';
import { cutAtWord, oneLineTitle } from '../../../../src/checkpoint/record/message.js';
import { redactText } from '../../../../src/checkpoint/secrets/redact.js';

describe('cutting text before it is redacted never leaves part of a secret', () => {
  const token = `ghp_${'A1b2C3d4'.repeat(5).slice(0, 36)}`;

  it.each([20, 104, 110, 120, 130, 150])('a cut at %i characters keeps the token whole or drops it', (max) => {
    const text = `${'x'.repeat(100)} token ${token} and more words after it`;
    const cut = cutAtWord(text, max);
    expect(cut.length).toBeLessThanOrEqual(max + 1);
    const counts: Record<string, number> = {};
    const redacted = redactText(cut, counts);
    expect(redacted).not.toMatch(/ghp_/);
    if (cut.includes('token ') && max >= 144) expect(counts).toEqual({ 'github-token': 1 });
  });

  it('keeps short text as it is and marks a cut with …', () => {
    expect(cutAtWord('short words', 50)).toBe('short words');
    expect(cutAtWord('one two three four', 10)).toBe('one two…');
    expect(cutAtWord('averyveryverylongword', 10)).toBe('…');
    expect(oneLineTitle('a\nmulti   line\ttitle', 100)).toBe('a multi line title');
  });
});

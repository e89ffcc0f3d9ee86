import { expect, it } from 'vitest';
import { hasSecret } from '../../../../src/checkpoint/secrets/redact.js';
import { tokenRuns } from '../../../../src/checkpoint/secrets/token-runs.js';

it('splits runs at white space, quotes and brackets, keeping those of 16 or more characters', () => {
  expect(tokenRuns('a ghp_abcdefghijklmnopqrstuvwxyz0123456789 "q" (bbbbbbbbbbbbbbbbbbbb)\tshort')).toEqual([
    { start: 2, text: 'ghp_abcdefghijklmnopqrstuvwxyz0123456789' },
    { start: 48, text: 'bbbbbbbbbbbbbbbbbbbb' },
  ]);
});

it('scans a file of one 24 MB run without exhausting the stack (a big binary or minified file in the work tree)', () => {
  expect(hasSecret('b'.repeat(24 << 20))).toBe(false);
  expect(hasSecret(`${'b'.repeat(1 << 20)} ghp_${'Ab3De6Gh9J'.repeat(3)}123456`)).toBe(true);
});

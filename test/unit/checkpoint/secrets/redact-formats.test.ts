import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redactText } from '../../../../src/checkpoint/secrets/redact.js';
import { ALPHABETS, SECRET_FORMATS, type Part, type SecretFormat } from '../../../../src/checkpoint/secrets/secret-formats.js';
import { base62, crc32, verifyChecksum } from '../../../../src/checkpoint/secrets/secret-checksum.js';
import { MIN_TOKEN } from '../../../../src/checkpoint/secrets/token-runs.js';
import { seededRandom } from '../../../helpers/mem-cli.js';

/** The characters of an alphabet's class (`A-Za-z0-9` → every letter and digit). */
function expand(cls: string): string {
  let out = '';
  for (let i = 0; i < cls.length; i++) {
    if (cls[i + 1] === '-' && i + 2 < cls.length) {
      for (let c = cls.charCodeAt(i); c <= cls.charCodeAt(i + 2); c++) out += String.fromCharCode(c);
      i += 2;
    } else out += cls[i];
  }
  return out;
}

/** A random token of `format`, drawn from `seed` (random like a real key: every run mixes its alphabet). */
function tokenOf(format: SecretFormat, seed: number): string {
  const random = seededRandom(seed);
  const run = (part: Exclude<Part, string>) => {
    const chars = expand(ALPHABETS[part.set]);
    const n = part.min + Math.floor(random() * (part.max - part.min + 1));
    let s = '';
    for (let i = 0; i < n; i++) s += chars[Math.floor(random() * chars.length)];
    // A body that begins or ends with a separator would end the token at a word boundary.
    return s.replace(/^[-_.=+/~]/, 'a').replace(/[-_.=+/~]$/, '9');
  };
  return format.parts.map((p) => (typeof p === 'string' ? p : run(p))).join('');
}

const prose = fc.array(fc.constantFrom('we', 'moved', 'the', 'deploy', 'to', 'Friday', 'after', 'review', '(see', 'notes)', 'and', 'then', '42', '—'), { maxLength: 8 })
  .map((ws) => ws.join(' '));
const sep = fc.constantFrom(' ', '\n', ' "', "'", '(', ': ', '\t', ' `');

describe('every format of the provider table', () => {
  it('has at least 150 providers, each format starting or carrying a literal, all reasons kebab-case', () => {
    expect(new Set(SECRET_FORMATS.map((f) => f.provider)).size).toBeGreaterThanOrEqual(150);
    for (const f of SECRET_FORMATS) {
      expect(f.reason, f.provider).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(f.parts.some((p) => typeof p === 'string') || f.context !== undefined, f.provider).toBe(true);
      // Tokens are looked for in runs of at least MIN_TOKEN characters.
      const shortest = f.parts.reduce((n: number, p) => n + (typeof p === 'string' ? p.length : p.min), 0);
      if (!f.context) expect(shortest, f.provider).toBeGreaterThanOrEqual(MIN_TOKEN);
    }
  });

  // Drawn from a fixed seed per format, so a run in CI is the run here: a rule that takes a random token
  // for a word can miss about one draw in a million (measured over 1M draws), which is not a flaky test's business.
  it.each(SECRET_FORMATS.map((f, i) => [`${f.provider} #${i} (${f.reason})`, f, i] as const))('%s: a random token in random prose is always caught', (_, format, index) => {
    fc.assert(
      fc.property(fc.integer(), prose, prose, sep, (seed, before, after, s) => {
        const token = tokenOf(format, seed);
        const named = format.context ? `${format.context[0]}_api_key = "${token}"` : token;
        const text = `${before}${s}${named}${s === '(' ? ')' : s} ${after}`;
        const out = redactText(text, {});
        expect(out).not.toContain(token);
      }),
      { numRuns: 40, seed: 1009 * index + 17 },
    );
  });
});

describe('exempt shapes are never touched', () => {
  const hex = (n: number) => fc.stringMatching(new RegExp(`^[0-9a-f]{${n}}$`));
  const around = (shape: fc.Arbitrary<string>) =>
    fc.tuple(prose, shape, prose).map(([a, s, b]) => `${a} ${s} ${b}`.trim());

  it.each([
    ['a lowercase 40-hex object id', around(hex(40).map((h) => `commit ${h}`))],
    ['a lowercase 64-hex object id', around(hex(64).map((h) => `tree ${h}`))],
    ['a UUID', around(fc.uuid())],
    ['an SRI / npm integrity hash', around(fc.tuple(fc.constantFrom('sha256', 'sha384', 'sha512'), fc.uint8Array({ minLength: 32, maxLength: 64 }))
      .map(([alg, bytes]) => `"integrity": "${alg}-${Buffer.from(bytes).toString('base64')}"`))],
    ['a printf placeholder', around(fc.tuple(fc.constantFrom('password', 'token', 'secret', 'api_key'), fc.constantFrom('%s', '%d', '%(name)s', '%1$s', '%v'))
      .map(([k, p]) => `${k}=${p}`))],
    ['a shell default', around(fc.tuple(fc.constantFrom('password', 'TOKEN', 'secret'), fc.constantFrom(':=', ':-', '-', '='), fc.stringMatching(/^[a-z]{1,12}$/))
      .map(([k, op, d]) => `${k}=\${${k.toUpperCase()}${op}${d}}`))],
    ['a numeric or boolean flag value', around(fc.tuple(fc.constantFrom('PuttyPassword', 'savePassword', 'token_enabled', 'secret'), fc.oneof(fc.nat(99999).map(String), fc.constantFrom('true', 'false', 'yes', 'no', 'on', 'off')))
      .map(([k, v]) => `${k}=${v}`))],
  ])('%s', (_, shape) => {
    fc.assert(fc.property(shape, (text) => {
      expect(redactText(text, {})).toBe(text);
    }), { numRuns: 300 });
  });
});

describe('GitHub token checksum', () => {
  it('verifies the CRC32 in the last six base62 characters, and a tame token that carries one is still caught', () => {
    const body = 'aaaaaabbbbbbccccccddddddeeeeee';
    const token = `ghp_${body}${base62(crc32(body), 6)}`;
    expect(verifyChecksum('github-crc32', token)).toBe(true);
    expect(verifyChecksum('github-crc32', `${token.slice(0, -1)}x`)).toBe(false);
    expect(redactText(`use ${token}`, {})).toBe('use [REDACTED:github-token]');
  });
});

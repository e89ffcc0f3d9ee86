import { describe, expect, it } from 'vitest';
import { redactText } from '../../../../src/checkpoint/secrets/redact.js';
import { benignSamples, secretSamples } from '../../../helpers/secret-corpus.js';

const AUTHOR = { allowEmails: ['ada@example.com'] };
/** The corpus is generated: several seeds give fresh keys of every format each time. */
const SEEDS = [7, 1, 2, 3, 4, 5, 6, 8, 9, 10];

describe('redaction corpus (strings, several seeds)', () => {
  it('has enough samples', () => {
    const secrets = secretSamples();
    expect(secrets.length).toBeGreaterThanOrEqual(600);
    expect(new Set(secrets.map((s) => s.provider).filter(Boolean)).size).toBeGreaterThanOrEqual(150);
    expect(benignSamples().length).toBeGreaterThanOrEqual(300);
  });

  it.each(SEEDS)('catches every secret under its own reason (seed %i)', (seed) => {
    const missed: string[] = [];
    for (const s of secretSamples(seed)) {
      const counts: Record<string, number> = {};
      const out = redactText(s.text, counts, undefined, AUTHOR);
      const leaked = s.secrets.filter((v) => out.includes(v));
      if (leaked.length || (s.reason && !counts[s.reason])) missed.push(`${s.reason}: ${JSON.stringify(s.text)} -> ${JSON.stringify(out)} ${JSON.stringify(counts)}`);
    }
    expect(missed).toEqual([]);
  });

  it.each(SEEDS)('leaves every benign sample alone (seed %i)', (seed) => {
    const damaged = benignSamples(seed + 4).filter((b) => redactText(b, {}, undefined, AUTHOR) !== b);
    expect(damaged).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { redactText } from '../../src/checkpoint/redact.js';
import { benignSamples, secretSamples } from '../helpers/secret-corpus.js';

const AUTHOR = { allowEmails: ['ada@example.com'] };

describe('redaction corpus (strings)', () => {
  const secrets = secretSamples();
  const benign = benignSamples();

  it('has enough samples', () => {
    expect(secrets.length).toBeGreaterThanOrEqual(150);
    expect(benign.length).toBeGreaterThanOrEqual(150);
  });

  it('catches every secret under its own reason', () => {
    const missed: string[] = [];
    for (const s of secrets) {
      const counts: Record<string, number> = {};
      const out = redactText(s.text, counts, undefined, AUTHOR);
      const leaked = s.secrets.filter((v) => out.includes(v));
      if (leaked.length || !counts[s.reason]) missed.push(`${s.reason}: ${JSON.stringify(s.text)} -> ${JSON.stringify(out)} ${JSON.stringify(counts)}`);
    }
    expect(missed).toEqual([]);
  });

  it('leaves every benign sample alone', () => {
    const damaged: string[] = [];
    for (const b of benign) {
      const counts: Record<string, number> = {};
      const out = redactText(b, counts, undefined, AUTHOR);
      if (out !== b) damaged.push(`${JSON.stringify(b)} -> ${JSON.stringify(out)}`);
    }
    expect(damaged).toEqual([]);
  });
});

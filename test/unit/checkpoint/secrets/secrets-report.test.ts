/**
 * The redaction report (`npm run test:secrets`): recall per provider family
 * on the own corpus, the benign look-alikes kept, and the share of real-text
 * lines a redaction changes, with every source and its size, so that a
 * regression shows as a number. The lines changed by a secret rule are listed
 * with the file they come from: each is a false positive or a credential in
 * a package's own fixtures.
 */
import { describe, expect, it } from 'vitest';
import { redactText } from '../../../../src/checkpoint/secrets/redact.js';
import { realTextSources } from '../../../helpers/real-text-corpus.js';
import { benignSamples, secretSamples, type SecretSample } from '../../../helpers/secret-corpus.js';

const SEEDS = [7, 21, 42];
const AUTHOR = { allowEmails: ['ada@example.com'] };
/** Reasons for personal data and network names: redacted by design, reported apart from secrets. */
const PERSONAL = new Set(['email', 'phone', 'internal-host', 'private-ip']);
const pct = (n: number, of: number) => `${((100 * n) / Math.max(1, of)).toFixed(3)}%`;

/** The family a sample counts under: its provider, else its form (`assignment: netrc over lines` → `assignment`), else its reason. */
const familyOf = (s: SecretSample) => s.provider ?? s.cls?.replace(/:.*/, '') ?? s.reason;

describe('secret redaction report', () => {
  it('catches every sample of every provider family of the own corpus', () => {
    const families = new Map<string, { total: number; caught: number }>();
    const missed: string[] = [];
    for (const seed of SEEDS) {
      for (const s of secretSamples(seed)) {
        const out = redactText(s.text, {}, undefined, AUTHOR);
        const entry = families.get(familyOf(s)) ?? { total: 0, caught: 0 };
        entry.total++;
        if (s.secrets.every((v) => !out.includes(v))) entry.caught++;
        else missed.push(`${familyOf(s)}: ${JSON.stringify(s.text)}`);
        families.set(familyOf(s), entry);
      }
    }
    const rows = [...families].sort(([a], [b]) => a.localeCompare(b));
    const total = rows.reduce((n, [, e]) => n + e.total, 0);
    const caught = rows.reduce((n, [, e]) => n + e.caught, 0);
    console.log([
      `own corpus: ${total} secrets (seeds ${SEEDS.join(', ')}) in ${rows.length} families; caught ${caught}/${total} (${pct(caught, total)})`,
      ...rows.filter(([, e]) => e.caught < e.total).map(([f, e]) => `  LEAKS ${f}: ${e.caught}/${e.total}`),
      `  per family: ${rows.map(([f, e]) => `${f} ${e.caught}/${e.total}`).join(', ')}`,
    ].join('\n'));
    expect(missed).toEqual([]);
  });

  it('keeps every benign look-alike of the own corpus', () => {
    const benign = SEEDS.flatMap((seed) => benignSamples(seed));
    const damaged = benign.filter((b) => redactText(b, {}, undefined, AUTHOR) !== b);
    console.log(`benign look-alikes: ${benign.length - damaged.length}/${benign.length} kept`);
    expect(damaged).toEqual([]);
  });

  it('changes at most 0.1% of the lines of real text', () => {
    const report: string[] = [];
    const flagged: string[] = [];
    let lines = 0;
    let bySecret = 0;
    let byPersonal = 0;
    for (const source of realTextSources()) {
      let secret = 0;
      let personal = 0;
      source.lines.forEach((line, i) => {
        const counts: Record<string, number> = {};
        if (redactText(line, counts) === line) return;
        if (Object.keys(counts).some((r) => !PERSONAL.has(r))) {
          secret++;
          flagged.push(`  ${source.origin(i)}: ${line.trim().slice(0, 160)}  [${Object.keys(counts).join(', ')}]`);
        } else personal++;
      });
      lines += source.lines.length;
      bySecret += secret;
      byPersonal += personal;
      report.push(`  ${source.name}: ${source.lines.length} lines, ${secret} changed by a secret rule (${pct(secret, source.lines.length)}), ${personal} by personal data only`);
    }
    console.log([
      `real text: ${lines} lines; changed by a secret rule ${bySecret} (${pct(bySecret, lines)}), by personal data only ${byPersonal} (${pct(byPersonal, lines)}); unchanged ${pct(lines - bySecret - byPersonal, lines)}`,
      ...report,
      `lines changed by a secret rule (false positives, or credentials in a package's fixtures):`,
      ...flagged.slice(0, 60),
      ...(flagged.length > 60 ? [`  … and ${flagged.length - 60} more`] : []),
    ].join('\n'));
    expect(lines).toBeGreaterThan(100_000);
    expect(bySecret / lines).toBeLessThanOrEqual(0.001);
    expect((bySecret + byPersonal) / lines).toBeLessThanOrEqual(0.001);
  });
});

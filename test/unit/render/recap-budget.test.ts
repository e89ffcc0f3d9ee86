import { describe, expect, it } from 'vitest';
import { renderRecapWithin } from '../../../src/render/recap-budget.js';
import { renderRecap } from '../../../src/checkpoint/record/recap.js';
import { makeMemCli } from '../../helpers/mem-cli.js';

const VERDICTS = [{ aspect: 'branch', verdict: 'match' }, { aspect: 'drift', verdict: 'no' }];

async function bigRecord(decisions: number, files: number) {
  const writes = Object.fromEntries(Array.from({ length: files }, (_, i) => [`src/file-${i}.ts`, `x${i}\n`]));
  const m = await makeMemCli({ files: writes });
  const doc = {
    task: 'a task with many decisions', nextSteps: ['the step'],
    decisions: Array.from({ length: decisions }, (_, i) => ({ what: `decision number ${i}`, why: 'because '.repeat(10) })),
  };
  expect((await m.cli(['save', '--input', '-'], { stdin: JSON.stringify(doc) })).code).toBe(0);
  return JSON.parse((await m.cli(['show', '--format', 'json'])).stdout);
}

describe('the recap within a budget of characters', () => {
  it('is the whole recap when it fits', async () => {
    const record = await bigRecord(3, 2);
    expect(renderRecapWithin(record, 10_000, VERDICTS)).toBe(renderRecap(record, { reconcile: VERDICTS }));
  });

  it('leaves out middle lines, never the task, the verdicts or the resume lines, and says so', async () => {
    const record = await bigRecord(200, 150);
    const full = renderRecap(record, { reconcile: VERDICTS });
    expect(full.length).toBeGreaterThan(10_000);
    for (const budget of [10_000, 2000, 600]) {
      const text = renderRecapWithin(record, budget, VERDICTS);
      expect(text.length, String(budget)).toBeLessThanOrEqual(budget);
      const lines = text.trimEnd().split('\n');
      expect(lines[0]).toBe('SESSION_RECAP/1');
      expect(lines[3]).toBe('TASK|a task with many decisions|in_progress|the step');
      expect(lines).toContain('RECONCILE|drift|no|');
      expect(lines.at(-2)).toBe('RESUME_NEXT|the step');
      expect(text).toMatch(/RECONCILE\|recap\|truncated\|\d+ of \d+ content lines left out|RECONCILE\|uncommitted-listing\|truncated/);
    }
  });
});

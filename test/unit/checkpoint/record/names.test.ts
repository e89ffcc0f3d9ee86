/** Naming checkpoints and dates as a git user would: latest~N, the random suffix, approxidate's common forms. */
import { describe, expect, it } from 'vitest';
import { parseSince } from '../../../../src/checkpoint/record/when.js';
import { makeMemCli } from '../../../helpers/mem-cli.js';

const now = new Date('2026-11-30T15:00:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();
const DAY = 86400;

describe('--since reads the common forms of git approxidate', () => {
  it.each([
    ['yesterday', ago(DAY)],
    ['last week', ago(7 * DAY)],
    ['2 days ago', ago(2 * DAY)],
    ['2.days.ago', ago(2 * DAY)],
    ['a month ago', ago(30 * DAY)],
    ['1 week 2 days ago', ago(9 * DAY)],
    ['3 hours ago', ago(3 * 3600)],
    ['two weeks ago', ago(14 * DAY)],
    ['7d', ago(7 * DAY)],
    ['90m', ago(90 * 60)],
    ['now', ago(0)],
    ['today', '2026-11-30T00:00:00.000Z'],
    ['2026-11-01', '2026-11-01T00:00:00.000Z'],
    ['2026-11-01T10:30:00Z', '2026-11-01T10:30:00.000Z'],
  ])('%s', (text, expected) => {
    expect(parseSince(text, now).toISOString()).toBe(expected);
  });

  it.each(['yesterdayish', '5 fortnights', '-3d', 'last', 'week ago 3', ''])('refuses %j', (text) => {
    expect(() => parseSince(text, now)).toThrow(/invalid duration for '--since'/);
  });
});

describe('checkpoint names', () => {
  it('latest~N walks back the same writer\'s chain; the random suffix alone names a checkpoint', async () => {
    const m = await makeMemCli();
    const ids: string[] = [];
    for (const t of ['one', 'two', 'three']) ids.push((await m.cli(['save', '-m', t, '--no-carry'])).stdout.trim());
    const idOf = async (name: string) => {
      const res = await m.cli(['show', name, '--json']);
      expect(res.code, res.stderr).toBe(0);
      return JSON.parse(res.stdout).id;
    };
    expect(await idOf('latest~1')).toBe(ids[1]);
    expect(await idOf('latest~')).toBe(ids[1]);
    expect(await idOf('latest~2')).toBe(ids[0]);
    expect(await idOf('latest~1~1')).toBe(ids[0]);
    expect(await idOf(`${ids[2]}~2`)).toBe(ids[0]);
    expect(await idOf(ids[1]!.slice(-4))).toBe(ids[1]);
    const far = await m.cli(['show', 'latest~3']);
    expect(far.code).toBe(1);
    expect(far.stderr).toContain(`error: no checkpoint matches 'latest~3': ${ids[2]} has 2 older checkpoints on its chain`);
  });
});

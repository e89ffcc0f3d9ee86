import { describe, expect, it } from 'vitest';
import { planPrune, planRewrite, type ChainEntry } from '../../../../src/checkpoint/planners/prune-plan.js';
import { parsePushPorcelain } from '../../../../src/git/cli/cli-transport.js';

const DAY = 86400;
const now = new Date('2026-11-29T00:00:00Z');
const at = (daysAgo: number, i: number): ChainEntry => ({
  commit: `c${i}`, id: `id${i}`, time: now.getTime() / 1000 - daysAgo * DAY, title: `t${i}`,
});
/** Oldest first: 40, 20, 10, 2 and 0 days old. */
const chain = [at(40, 0), at(20, 1), at(10, 2), at(2, 3), at(0, 4)];
const commits = (xs: ChainEntry[]) => xs.map((e) => e.commit);

describe('planPrune', () => {
  it.each([
    [{ olderThanSeconds: 15 * DAY }, ['c0', 'c1']],
    [{ keep: 2 }, ['c0', 'c1', 'c2']],
    [{ keep: 0 }, ['c0', 'c1', 'c2', 'c3', 'c4']],
    [{ keep: 9 }, []],
    // Both rules: only what is old AND beyond the newest `keep`.
    [{ olderThanSeconds: 15 * DAY, keep: 4 }, ['c0']],
    [{ olderThanSeconds: 1 * DAY, keep: 1 }, ['c0', 'c1', 'c2', 'c3']],
    [{ olderThanSeconds: 100 * DAY }, []],
  ])('%j drops %j', (rule, dropped) => {
    expect(commits(planPrune(chain, { now, ...rule }))).toEqual(dropped);
  });

  it('drops nothing from an empty chain', () => {
    expect(planPrune([], { now, keep: 0 })).toEqual([]);
  });
});

describe('planRewrite', () => {
  const entries = [
    { commit: 'a', parents: [] },
    { commit: 'b', parents: ['a', 'other-1'] },
    { commit: 'c', parents: ['b', 'a', 'other-2'] },
    { commit: 'd', parents: ['c', 'b'] },
  ];

  it('reuses the kept prefix, rewrites after the first drop, and forgets dropped lineage parents', () => {
    expect(planRewrite(entries, new Set(['b']))).toEqual({
      keptPrefix: ['a'],
      rewrite: [{ commit: 'c', lineage: ['a', 'other-2'] }, { commit: 'd', lineage: [] }],
      dropped: ['b'],
    });
  });

  it('rewrites everything when the oldest goes, and nothing when nothing goes', () => {
    expect(planRewrite(entries, new Set(['a'])).rewrite.map((s) => s.commit)).toEqual(['b', 'c', 'd']);
    expect(planRewrite(entries, new Set())).toEqual({ keptPrefix: ['a', 'b', 'c', 'd'], rewrite: [], dropped: [] });
  });
});

describe('parsePushPorcelain', () => {
  it('reads the flag, remote ref and summary of each ref line, skipping the rest', () => {
    const out = 'To file:///srv/r.git\n' +
      '*\trefs/checkpoints/ada-abc123:refs/checkpoints/ada-abc123\t[new reference]\n' +
      '+\t1234567:refs/notes/checkpoints/ada-abc123\t89ab...cdef (forced update)\n' +
      '!\trefs/checkpoints/ada-abc123:refs/checkpoints/ada-abc123\t[rejected] (stale info)\n' +
      'Done\n';
    expect(parsePushPorcelain(out)).toEqual([
      { flag: '*', ref: 'refs/checkpoints/ada-abc123', summary: '[new reference]' },
      { flag: '+', ref: 'refs/notes/checkpoints/ada-abc123', summary: '89ab...cdef (forced update)' },
      { flag: '!', ref: 'refs/checkpoints/ada-abc123', summary: '[rejected] (stale info)' },
    ]);
  });
});

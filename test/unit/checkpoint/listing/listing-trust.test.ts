/** The pure parts of the listing's trust rules (SPEC §9): which chain a commit is read from, and what a record may claim. */
import { describe, expect, it } from 'vitest';
import { attributeCommits } from '../../../../src/checkpoint/listing/chain-attribution.js';
import type { SummaryRow } from '../../../../src/checkpoint/listing/listing-cache.js';
import { assembleListing, FUTURE_SLACK_MS } from '../../../../src/checkpoint/listing/listing-trust.js';

const NOW = Date.parse('2026-06-01T12:00:00Z');
const sec = (iso: string) => Math.floor(Date.parse(iso) / 1000);
const row = (id: string, writer: string, createdAt: string, committed = sec(createdAt)): SummaryRow =>
  [id, createdAt, 'main', writer, null, `title ${id}`, 'in_progress', null, committed];

describe('attributeCommits', () => {
  it('reads a commit from the chain whose writer its record names, and lineage links from the chain that links them', () => {
    // own chain b2 → a2 → a1 (continues ada's by mistake); ada's fetched chain a2 → a1; b2 links to l1 by an extra parent.
    const commits = [
      { oid: 'b2', parents: ['a2', 'l1'] }, { oid: 'a2', parents: ['a1'] }, { oid: 'a1', parents: [] }, { oid: 'l1', parents: [] },
    ];
    const writers = ['bob-bbbbbb', 'ada-aaaaaa', 'ada-aaaaaa', 'cat-cccccc'];
    const { via, onChain } = attributeCommits([{ writer: 'bob-bbbbbb', oid: 'b2' }, { writer: 'ada-aaaaaa', oid: 'a2' }], commits, (i) => writers[i]!);
    expect([...via]).toEqual([0, 1, 1, 0]);
    expect([...onChain]).toEqual([1, 1, 1, 0]);
  });
});

describe('assembleListing', () => {
  const refs = [
    { name: 'refs/checkpoints/bob-bbbbbb', writer: 'bob-bbbbbb', remote: null },
    { name: 'refs/checkpoints/remotes/origin/eve-eeeeee', writer: 'eve-eeeeee', remote: 'origin' },
  ];
  const walk = (entries: SummaryRow[], via: number[], on = via.map(() => 1)) => ({ oids: entries.map((_, i) => `c${i}`), entries, via, on });

  it('keeps the own id, shows an impostor as its chain\'s, and warns naming the ref', () => {
    const out = assembleListing(refs, walk([
      row('20260601-110000-same', 'bob-bbbbbb', '2026-06-01T11:59:00Z'),
      row('20260601-110000-same', 'bob-bbbbbb', '2026-06-01T11:00:00Z'),
      row('20260601-110000-newx', 'bob-bbbbbb', '2026-06-01T11:30:00Z'),
    ], [1, 0, 1]), { local: false, now: NOW });
    expect(out.checkpoints.map((c) => [c.id, c.commit, c.writer, c.remote])).toEqual([
      ['20260601-110000-newx', 'c2', 'eve-eeeeee', 'origin'],
      ['20260601-110000-same', 'c1', 'bob-bbbbbb', null],
    ]);
    expect(out.warnings).toContain('refs/checkpoints/remotes/origin/eve-eeeeee: checkpoint c0 reuses the id 20260601-110000-same of your own checkpoint; ignored');
    expect(out.warnings.filter((w) => w.includes("names writer 'bob-bbbbbb', not its chain's 'eve-eeeeee'; shown as origin's"))).toHaveLength(2);
  });

  it('orders by createdAt capped by the commit time, and a future date last', () => {
    const out = assembleListing(refs, walk([
      row('20990101-000000-json', 'eve-eeeeee', '2099-01-01T00:00:00Z', sec('2026-06-01T10:00:00Z')),
      row('20990101-000000-both', 'eve-eeeeee', '2099-01-01T00:00:00Z'),
      row('20260601-113000-fine', 'eve-eeeeee', '2026-06-01T11:30:00Z'),
      row('20260601-125900-skew', 'eve-eeeeee', new Date(NOW + FUTURE_SLACK_MS - 60_000).toISOString()),
    ], [1, 1, 1, 1]), { local: false, now: NOW });
    expect(out.checkpoints.map((c) => c.id)).toEqual(['20260601-125900-skew', '20260601-113000-fine', '20990101-000000-json', '20990101-000000-both']);
    expect(out.warnings).toHaveLength(2);
  });
});

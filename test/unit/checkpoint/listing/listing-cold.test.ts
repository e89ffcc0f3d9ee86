/**
 * The head of a listing with no cache, on memfs through isomorphic-git:
 * rows from the newest commits of the chains' first-parent lines, the total
 * from their `Checkpoint-Seq` trailers, and no answer (null) wherever the
 * trailers cannot tell the rest.
 */
import { describe, expect, it } from 'vitest';
import { advanceCold, coldHead, type ColdHead } from '../../../../src/checkpoint/listing/listing-cold.js';
import type { ListingView } from '../../../../src/checkpoint/listing/listing-view.js';
import type { Repo } from '../../../../src/git/repo.js';
import { makeMemRepo } from '../../../helpers/iso-fixture.js';

const START = 1_780_000_000;
const OWN = { name: 'refs/checkpoints/ada-aaaaaa', writer: 'ada-aaaaaa', remote: null };
const MATE = { name: 'refs/checkpoints/remotes/origin/bob-bbbbbb', writer: 'bob-bbbbbb', remote: 'origin' };

async function commit(repo: Repo, tree: string, parents: string[], at: number, trailers: { id: string; writer: string; seq: number | string }): Promise<string> {
  const who = { name: 'Ada', email: 'ada@example.com', timestamp: at, tzOffsetMinutes: 0 };
  const message = `checkpoint: ${trailers.id}\n\nCheckpoint-Id: ${trailers.id}\nCheckpoint-Writer: ${trailers.writer}\nCheckpoint-Branch: main\nCheckpoint-Seq: ${trailers.seq}\n`;
  return repo.writeCommit({ tree, parents, author: who, committer: who, message });
}

const idAt = (at: number, n: number) => `${new Date(at * 1000).toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}-${(n % 36 ** 4).toString(36).padStart(4, '0')}`;

/** Two chains of `per` commits, saved in turn a second apart. */
async function twoChains(per: number) {
  const { repo } = await makeMemRepo();
  const tree = await repo.writeTree([]);
  let own: string | null = null;
  let mate: string | null = null;
  let at = START;
  for (let i = 1; i <= per; i++) {
    own = await commit(repo, tree, own ? [own] : [], at, { id: idAt(at, at), writer: OWN.writer, seq: i });
    at++;
    mate = await commit(repo, tree, mate ? [mate] : [], at, { id: idAt(at, at), writer: MATE.writer, seq: i });
    at++;
  }
  return { repo, tree, own: own!, mate: mate!, at };
}

describe('coldHead', () => {
  it('lists the newest commits newest first, counts every chain from its tip, and says below which time it knows nothing', async () => {
    const { repo, own, mate } = await twoChains(40);
    const head = await coldHead(repo, [{ ...OWN, oid: own }, { ...MATE, oid: mate }], Infinity, { cut: 16, count: true, ownOnly: false });
    expect(head).not.toBeNull();
    expect(head!.total).toBe(80);
    // The 16th commit's second is the floor: the rows above it, not the ones at it.
    expect(head!.rows).toHaveLength(15);
    expect(head!.rows[0]!.s).toMatchObject({ writer: 'bob-bbbbbb', remote: 'origin', checked: false });
    expect(head!.rows[1]!.s).toMatchObject({ writer: 'ada-aaaaaa', remote: null });
    expect(head!.rows.every((r, i) => i === 0 || r.s.time < head!.rows[i - 1]!.s.time)).toBe(true);
    expect(head!.rows.every((r) => r.s.time > head!.floor)).toBe(true);
    expect(head!.floor).toBe((START + 80 - 16) * 1000 + 999);
  });

  it('answers nothing for chains shorter than the walk, unless only the own rows are asked', async () => {
    const { repo, own, mate } = await twoChains(5);
    const refs = [{ ...OWN, oid: own }, { ...MATE, oid: mate }];
    expect(await coldHead(repo, refs, Infinity, { cut: 16, count: true, ownOnly: false })).toBeNull();
    const mine = await coldHead(repo, [refs[0]!], Infinity, { cut: 16, count: false, ownOnly: true });
    expect(mine!.rows.map((r) => r.s.writer)).toEqual(Array(5).fill('ada-aaaaaa'));
    expect(mine!.floor).toBe(Number.MIN_SAFE_INTEGER);
  });

  it('answers nothing when a count does not count down, a writer is not the chain\'s, or a chain starts past 1', async () => {
    const { repo, tree, own, mate, at } = await twoChains(20);
    const refs = (tip: string) => [{ ...OWN, oid: own }, { ...MATE, oid: tip }];
    const ask = (tip: string) => coldHead(repo, refs(tip), Infinity, { cut: 8, count: true, ownOnly: false });
    expect(await ask(await commit(repo, tree, [mate], at, { id: idAt(at, 1), writer: MATE.writer, seq: 500 }))).toBeNull();
    expect(await ask(await commit(repo, tree, [mate], at, { id: idAt(at, 2), writer: 'eve-eeeeee', seq: 21 }))).toBeNull();
    expect(await ask(await commit(repo, tree, [mate], at, { id: idAt(at, 3), writer: MATE.writer, seq: 'x' }))).toBeNull();
    expect(await ask(await commit(repo, tree, [mate], at, { id: idAt(at, 4), writer: MATE.writer, seq: 21 }))).not.toBeNull();
  });

  it('answers nothing when a new commit links to a commit of no chain newer than the floor, and does when it is older', async () => {
    const { repo, tree, own, mate, at } = await twoChains(20);
    const ask = (tip: string) => coldHead(repo, [{ ...OWN, oid: own }, { ...MATE, oid: tip }], Infinity, { cut: 8, count: true, ownOnly: false });
    const recent = await commit(repo, tree, [], at - 3, { id: idAt(at - 3, 9), writer: 'cy-cccccc', seq: 1 });
    expect(await ask(await commit(repo, tree, [mate, recent], at, { id: idAt(at, 5), writer: MATE.writer, seq: 21 }))).toBeNull();
    const old = await commit(repo, tree, [], START - 100, { id: idAt(START - 100, 9), writer: 'cy-cccccc', seq: 1 });
    expect(await ask(await commit(repo, tree, [mate, old], at, { id: idAt(at, 6), writer: MATE.writer, seq: 21 }))).not.toBeNull();
  });
});

/** A kept head as the listing writes it (list-view.json). */
function keptView(head: ColdHead, refs: { name: string; oid: string }[]): ListingView {
  return {
    key: refs.map((r) => `${r.name} ${r.oid}`).join('\n'), total: head.total, invalid: [], warnings: [], localWriters: ['ada-aaaaaa'], hasFetched: true, ids: '',
    rows: head.rows.map((r) => ({ s: r.s, claimed: r.s.writer, committed: r.committed, ref: r.ref, head: true })), cold: { cut: 16, floor: head.floor },
  };
}

describe('advanceCold', () => {
  it('adds a fast-forward of a chain on top and counts it; a rewound, rewritten or miscounted chain is read again instead', async () => {
    const { repo, tree, own, mate, at } = await twoChains(20);
    const refs = [{ ...OWN, oid: own }, { ...MATE, oid: mate }];
    const view = keptView((await coldHead(repo, refs, Infinity, { cut: 16, count: true, ownOnly: false }))!, refs);
    const advance = (tip: string) => {
      const moved = [refs[0]!, { ...MATE, oid: tip }];
      return advanceCold(repo, view, moved, moved.map((r) => `${r.name} ${r.oid}`).join('\n'), Infinity);
    };
    const next = await commit(repo, tree, [mate], at, { id: idAt(at, 1), writer: MATE.writer, seq: 21 });
    const moved = await advance(await commit(repo, tree, [next], at + 1, { id: idAt(at + 1, 2), writer: MATE.writer, seq: 22 }));
    expect(moved!.total).toBe(42);
    expect(moved!.rows.slice(0, 3).map((r) => r.s.id)).toEqual([idAt(at + 1, 2), idAt(at, 1), view.rows[0]!.s.id]);
    expect(moved!.cold!.floor).toBe(view.cold!.floor);
    const parent = (await repo.readCommit(mate))!.parents[0]!;
    expect(await advance(parent)).toBeNull();
    expect(await advance(await commit(repo, tree, [parent], at, { id: idAt(at, 3), writer: MATE.writer, seq: 20 }))).toBeNull();
    expect(await advance(await commit(repo, tree, [mate], at, { id: idAt(at, 4), writer: MATE.writer, seq: 23 }))).toBeNull();
    expect(await advance(await commit(repo, tree, [mate], at, { id: view.rows[3]!.s.id, writer: MATE.writer, seq: 21 }))).toBeNull();
  });
});

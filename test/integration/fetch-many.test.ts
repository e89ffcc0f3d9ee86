/**
 * A fetch after new checkpoints on many writers' chains counts what arrived
 * with one walk of the new commits: no git process per chain (a team of a
 * thousand writers would start a thousand), and nothing a chain claims about
 * itself is believed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSandbox, type Sandbox } from '../helpers/sandbox.js';
import { cloneAs } from '../helpers/teammates.js';

let sb: Sandbox;
beforeAll(() => {
  sb = makeSandbox();
});
afterAll(() => sb.cleanup());

const WRITERS = 40;

/** fast-import commands for one checkpoint commit on `writer`'s chain (seq `seq`, parent `from`). */
function chainCommit(writer: string, seq: number, from: string | null, ref = `refs/checkpoints/${writer}`): string {
  const id = `20260101-0000${String(seq).padStart(2, '0')}-${writer.slice(-4)}`;
  const message = `checkpoint: task ${seq} of ${writer}\n\nCheckpoint-Id: ${id}\nCheckpoint-Writer: ${writer}\nCheckpoint-Branch: main\nCheckpoint-Seq: ${seq}\n`;
  const json = JSON.stringify({ id, writer });
  return `commit ${ref}\ncommitter W <w@example.com> ${1767225600 + seq} +0000\ndata ${Buffer.byteLength(message)}\n${message}` +
    `${from ? `from ${from}\n` : ''}M 100644 inline checkpoint.json\ndata ${Buffer.byteLength(json)}\n${json}\n\n`;
}

describe('fetch from many writers', () => {
  it('counts one new checkpoint on each of 40 chains from one listing: no walk, no git process per chain', async () => {
    const origin = sb.repo('many-origin');
    const writers = Array.from({ length: WRITERS }, (_, i) => `writer${String(i).padStart(2, '0')}-abc${String(i).padStart(3, '0')}`);
    sb.gitIn(origin, ['fast-import', '--quiet'], writers.map((w) => chainCommit(w, 1, null)).join(''));
    const clone = await cloneAs(sb, origin, 'many-clone', 'me@example.com');
    expect((await sb.ckpt(clone, ['fetch'])).code).toBe(0);
    sb.gitIn(origin, ['fast-import', '--quiet'], writers.map((w) => chainCommit(w, 2, `refs/checkpoints/${w}^0`)).join(''));
    const res = await sb.ckpt(clone, ['fetch', '--json'], { env: { GIT_CHECKPOINT_TRACE: '1' } });
    expect(res.code, res.stderr).toBe(0);
    const report = JSON.parse(res.stdout);
    expect(report.count).toBe(WRITERS);
    expect(report.arrived).toHaveLength(WRITERS);
    for (const a of report.arrived) expect(a.count).toBe(1);
    // As many from each: in the order git lists their refs.
    expect(report.arrived.map((a: { writer: string }) => a.writer)).toEqual([...writers].sort());
    expect(report.rewritten).toEqual([]);
    const processes = res.stderr.split('\n').filter((l) => l.startsWith('trace: ')).map((l) => l.split(' ')[3]);
    expect(processes.filter((p) => p === 'merge-base')).toEqual([]);
    // Each new tip's parent is the old tip: the listing of the tips with their parents answers alone.
    expect(processes.filter((p) => p === 'rev-list')).toEqual([]);
    expect(processes.length).toBeLessThan(10);
  }, 120_000);

  it('a chain one checkpoint ahead brings nothing when the clone already held that checkpoint: through another remote, or its own', async () => {
    const origin = sb.repo('held-origin');
    const writers = ['ada-aaa001', 'bob-bbb002', 'cy-ccc003'];
    sb.gitIn(origin, ['fast-import', '--quiet'], writers.map((w) => chainCommit(w, 1, null)).join(''));
    const clone = await cloneAs(sb, origin, 'held-clone', 'me@example.com');
    sb.git(clone, 'remote', 'add', 'mirror', origin);
    expect((await sb.ckpt(clone, ['save', '-q', '-m', 'first'])).code).toBe(0);
    expect((await sb.ckpt(clone, ['push', '-q'])).code).toBe(0);
    for (const remote of ['origin', 'mirror']) expect((await sb.ckpt(clone, ['fetch', '-q', remote])).code).toBe(0);
    // The own chain reaches the remote one checkpoint ahead of the clone's copy (pushed by hand), and moves on here.
    expect((await sb.ckpt(clone, ['save', '-q', '-m', 'second'])).code).toBe(0);
    const own = sb.git(clone, 'config', 'checkpoint.writer').trim();
    sb.git(clone, 'push', '-q', 'origin', `refs/checkpoints/${own}:refs/checkpoints/${own}`);
    expect((await sb.ckpt(clone, ['save', '-q', '-m', 'third'])).code).toBe(0);
    sb.gitIn(origin, ['fast-import', '--quiet'], writers.map((w) => chainCommit(w, 2, `refs/checkpoints/${w}^0`)).join(''));
    const first = JSON.parse((await sb.ckpt(clone, ['fetch', '--json', 'origin'])).stdout);
    expect(first.count).toBe(writers.length);
    expect(first.arrived.map((a: { writer: string }) => a.writer)).toEqual(writers);
    // The same checkpoints through the second remote: each chain moved one ahead, to commits the clone holds.
    const second = await sb.ckpt(clone, ['fetch', 'mirror']);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toBe('no new checkpoints from mirror\n');
    expect(sb.git(clone, 'rev-parse', `refs/checkpoints/remotes/mirror/${writers[0]}`)).toBe(sb.git(clone, 'rev-parse', `refs/checkpoints/remotes/origin/${writers[0]}`));
  }, 120_000);

  it('chain refs of a hostile remote that name a blob or a tag count as nothing, next to a chain one ahead', async () => {
    const origin = sb.repo('odd-origin');
    sb.gitIn(origin, ['fast-import', '--quiet'], chainCommit('honest-hhh001', 1, null));
    const clone = await cloneAs(sb, origin, 'odd-clone', 'me@example.com');
    expect((await sb.ckpt(clone, ['fetch', '-q'])).code).toBe(0);
    sb.gitIn(origin, ['fast-import', '--quiet'], chainCommit('honest-hhh001', 2, 'refs/checkpoints/honest-hhh001^0'));
    const blob = sb.gitIn(origin, ['hash-object', '-w', '--stdin'], 'not a checkpoint\n').trim();
    sb.git(origin, 'update-ref', 'refs/checkpoints/blob-bbb001', blob);
    sb.git(origin, 'tag', '-a', '-m', 'a tag', 'odd', 'refs/checkpoints/honest-hhh001');
    sb.git(origin, 'update-ref', 'refs/checkpoints/tagged-ttt001', sb.git(origin, 'rev-parse', 'refs/tags/odd').trim());
    const res = await sb.ckpt(clone, ['fetch', '--json']);
    expect(res.code, res.stderr).toBe(0);
    const report = JSON.parse(res.stdout);
    expect(report.arrived).toEqual([{ writer: 'honest-hhh001', count: 1 }]);
    expect(report.failed).toEqual([]);
  }, 120_000);

  it("counts a teammate's first chain with git alone: only the commits the clone did not hold, whatever its trailers say", async () => {
    const origin = sb.repo('first-origin');
    const [base, branched] = ['base-bbb001', 'fork-fff001'];
    sb.gitIn(origin, ['fast-import', '--quiet'], [1, 2, 3].map((seq) => chainCommit(base, seq, null)).join(''));
    const clone = await cloneAs(sb, origin, 'first-clone', 'me@example.com');
    const first = await sb.ckpt(clone, ['fetch', '--json'], { env: { GIT_CHECKPOINT_TRACE: '1' } });
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout).arrived).toEqual([{ writer: base, count: 3 }]);
    const walks = (stderr: string) => stderr.split('\n').filter((l) => / git rev-list /.test(l)).map((l) => (l.includes(' --count ') ? 'count' : 'walk'));
    expect(walks(first.stderr)).toEqual(['count']);
    // A new chain that starts on top of the held one, claiming a hundred checkpoints: two are new.
    const forked = [100, 101].map((seq, i) => chainCommit(branched, seq, i ? null : `refs/checkpoints/${base}^0`, `refs/checkpoints/${branched}`)).join('');
    sb.gitIn(origin, ['fast-import', '--quiet'], forked);
    const second = await sb.ckpt(clone, ['fetch', '--json'], { env: { GIT_CHECKPOINT_TRACE: '1' } });
    expect(second.code, second.stderr).toBe(0);
    expect(JSON.parse(second.stdout).arrived).toEqual([{ writer: branched, count: 2 }]);
    expect(walks(second.stderr)).toEqual(['count']);
    // The only new chain ref names an annotated tag of a new commit three deep: it is no chain, and counts nothing.
    sb.gitIn(origin, ['fast-import', '--quiet'], [1, 2, 3].map((seq) => chainCommit('tagged-ttt002', seq, null, 'refs/heads/hidden')).join(''));
    sb.git(origin, 'tag', '-a', '-m', 'a tag', 'deep', 'refs/heads/hidden');
    sb.git(origin, 'update-ref', 'refs/checkpoints/tagged-ttt002', sb.git(origin, 'rev-parse', 'refs/tags/deep').trim());
    const third = await sb.ckpt(clone, ['fetch', '--json']);
    expect(third.code, third.stderr).toBe(0);
    expect(JSON.parse(third.stdout)).toMatchObject({ count: 0, arrived: [], failed: [] });
  }, 120_000);

  it('the own chain, on the remote before this clone ever fetched it, brings nothing', async () => {
    const origin = sb.repo('own-first-origin');
    sb.gitIn(origin, ['fast-import', '--quiet'], chainCommit('mate-mmm001', 1, null));
    const clone = await cloneAs(sb, origin, 'own-first-clone', 'me@example.com');
    expect((await sb.ckpt(clone, ['fetch', '-q'])).code).toBe(0);
    for (const m of ['one', 'two']) expect((await sb.ckpt(clone, ['save', '-q', '-m', m])).code).toBe(0);
    const own = sb.git(clone, 'config', 'checkpoint.writer').trim();
    // Pushed by plain git: the clone keeps no remote copy of its chain, so the fetch finds it new.
    sb.git(clone, 'push', '-q', 'origin', `refs/checkpoints/${own}:refs/checkpoints/${own}`);
    const res = await sb.ckpt(clone, ['fetch', '--json'], { env: { GIT_CHECKPOINT_TRACE: '1' } });
    expect(res.code, res.stderr).toBe(0);
    expect(JSON.parse(res.stdout)).toMatchObject({ count: 0, arrived: [], rewritten: [] });
    expect(sb.git(clone, 'rev-parse', `refs/checkpoints/remotes/origin/${own}`)).toBe(sb.git(clone, 'rev-parse', `refs/checkpoints/${own}`));
    // The own chain always takes the walk (README, "fetch"), even as the only new chain.
    expect(res.stderr.split('\n').filter((l) => / git rev-list /.test(l)).map((l) => (l.includes(' --parents ') ? 'walk' : 'count'))).toEqual(['walk']);
  }, 120_000);

  it('tells each kind of move apart in one fetch: forward by several, rewritten, new, and back to what the clone holds', async () => {
    const origin = sb.repo('mixed-origin');
    const writers = Array.from({ length: WRITERS }, (_, i) => `mixed${String(i).padStart(2, '0')}-abc${String(i).padStart(3, '0')}`);
    sb.gitIn(origin, ['fast-import', '--quiet'], writers.map((w) => chainCommit(w, 1, null)).join(''));
    const clone = await cloneAs(sb, origin, 'mixed-clone', 'me@example.com');
    expect((await sb.ckpt(clone, ['save', '-m', 'mine'])).code).toBe(0);
    expect((await sb.ckpt(clone, ['fetch'])).code).toBe(0);
    const [liar, rewriter, ...steady] = writers as [string, string, ...string[]];
    // Three new checkpoints whose trailers claim fifty; a chain started over with two new ones; one new writer.
    const liarLine = [50, 51, 52].map((seq, i) => chainCommit(liar, seq, i ? null : `refs/checkpoints/${liar}^0`)).join('');
    const restarted = `reset refs/checkpoints/${rewriter}\n${chainCommit(rewriter, 60, null)}${chainCommit(rewriter, 61, null)}`;
    const newcomer = 'newbie-nnn000';
    sb.gitIn(origin, ['fast-import', '--quiet', '--force'], [
      liarLine, restarted, chainCommit(newcomer, 1, null), chainCommit(newcomer, 2, null),
      ...steady.map((w) => chainCommit(w, 2, `refs/checkpoints/${w}^0`)),
    ].join(''));
    // The own chain moves on the remote too, to checkpoints this clone saved itself.
    expect((await sb.ckpt(clone, ['save', '-m', 'mine again'])).code).toBe(0);
    const own = sb.git(clone, 'config', 'checkpoint.writer').trim();
    sb.git(clone, 'push', '-q', 'origin', `refs/checkpoints/${own}:refs/checkpoints/${own}`);
    const res = await sb.ckpt(clone, ['fetch', '--json'], { env: { GIT_CHECKPOINT_TRACE: '1' } });
    expect(res.code, res.stderr).toBe(0);
    const report = JSON.parse(res.stdout);
    const arrived = new Map(report.arrived.map((a: { writer: string; count: number }) => [a.writer, a.count]));
    expect(arrived.get(liar)).toBe(3);
    expect(arrived.get(rewriter)).toBe(2);
    expect(arrived.get(newcomer)).toBe(2);
    expect(arrived.has(own)).toBe(false);
    for (const w of steady) expect(arrived.get(w)).toBe(1);
    expect(report.count).toBe(3 + 2 + 2 + steady.length);
    expect(report.rewritten).toEqual([rewriter]);
    const processes = res.stderr.split('\n').filter((l) => l.startsWith('trace: ')).map((l) => l.split(' ')[3]);
    expect(processes.filter((p) => p === 'rev-list')).toEqual(['rev-list']);
    // Only the chains one walk cannot answer for are asked about: the rewritten one and the own copy.
    expect(processes.filter((p) => p === 'merge-base').length).toBeLessThanOrEqual(2);
  }, 120_000);
});

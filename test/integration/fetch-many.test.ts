/**
 * A fetch after one new checkpoint on each of many writers' chains counts
 * what arrived from the chains' own trailers and object reads: no git process
 * per chain (a team of a thousand writers would start a thousand).
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
function chainCommit(writer: string, seq: number, from: string | null): string {
  const id = `20260101-0000${String(seq).padStart(2, '0')}-${writer.slice(-4)}`;
  const message = `checkpoint: task ${seq} of ${writer}\n\nCheckpoint-Id: ${id}\nCheckpoint-Writer: ${writer}\nCheckpoint-Branch: main\nCheckpoint-Seq: ${seq}\n`;
  const json = JSON.stringify({ id, writer });
  return `commit refs/checkpoints/${writer}\ncommitter W <w@example.com> ${1767225600 + seq} +0000\ndata ${Buffer.byteLength(message)}\n${message}` +
    `${from ? `from ${from}\n` : ''}M 100644 inline checkpoint.json\ndata ${Buffer.byteLength(json)}\n${json}\n\n`;
}

describe('fetch from many writers', () => {
  it('counts one new checkpoint on each of 40 chains without a git process per chain', async () => {
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
    expect(report.rewritten).toEqual([]);
    const processes = res.stderr.split('\n').filter((l) => l.startsWith('trace: ')).map((l) => l.split(' ')[3]);
    expect(processes.filter((p) => p === 'merge-base' || p === 'rev-list')).toEqual([]);
    expect(processes.length).toBeLessThan(10);
  }, 120_000);
});

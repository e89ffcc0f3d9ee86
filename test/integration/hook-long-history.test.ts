/**
 * The post-checkout hook over a history longer than it reads inside a switch
 * (HOOK_WALK_LIMIT new commits): the first switch answers from the newest
 * checkpoints and never says "no checkpoint yet" for a branch it did not
 * reach; the full branch index is built in the background, and the switches
 * after it know every branch again.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOOK_WALK_LIMIT } from '../../src/checkpoint/listing/branch-checkpoint.js';
import { makeSandbox, runProcess, type Sandbox } from '../helpers/sandbox.js';

let sb: Sandbox;
beforeAll(() => {
  sb = makeSandbox();
});
afterAll(() => sb.cleanup());

const WRITER = 'ada-abc123';
const START = 1767225600;

/** fast-import commands for one checkpoint commit of WRITER on `branch`, `seq` seconds after START. */
function checkpointCommit(seq: number, branch: string): string {
  const id = `20260101-${String(seq).padStart(6, '0')}-abcd`;
  const message = `checkpoint: task ${seq} on ${branch}\n\nCheckpoint-Id: ${id}\nCheckpoint-Writer: ${WRITER}\nCheckpoint-Branch: ${branch}\nCheckpoint-Seq: ${seq}\n`;
  const json = JSON.stringify({ id, writer: WRITER });
  return `commit refs/checkpoints/${WRITER}\ncommitter Ada <ada@example.com> ${START + seq} +0000\ndata ${Buffer.byteLength(message)}\n${message}` +
    `M 100644 inline checkpoint.json\ndata ${Buffer.byteLength(json)}\n${json}\n\n`;
}

const switchTo = (dir: string, branch: string) =>
  runProcess('git', ['switch', branch], dir, { ...sb.env, GIT_CHECKPOINT_TRACE: '1' });

async function waitFor(done: () => boolean, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) {
    if (done()) return true;
  }
  return done();
}

describe('the post-checkout hook over a long history', () => {
  it('reads the newest checkpoints in the switch and builds the rest of its index in the background', async () => {
    const dir = sb.repo('long-history');
    sb.git(dir, 'branch', 'old');
    expect((await sb.ckpt(dir, ['install', '-q'])).code).toBe(0);
    // One checkpoint on `old`, then more on main than the hook reads in a switch.
    const commits = [checkpointCommit(1, 'old')];
    for (let seq = 2; seq <= HOOK_WALK_LIMIT + 2; seq++) commits.push(checkpointCommit(seq, 'main'));
    sb.gitIn(dir, ['fast-import', '--quiet'], commits.join(''));
    const index = join(dir, '.git', 'checkpoint', 'branch-index.json');

    const first = await switchTo(dir, 'old');
    expect(first.code).toBe(0);
    expect(first.stderr).toMatch(/checkpoint: left 'main': no uncommitted changes; last checkpoint .* ago/);
    // `old`'s checkpoint is past what the switch read: not claimed to be missing, not shown.
    expect(first.stderr).not.toContain("on 'old'");
    const walks = first.stderr.split('\n').filter((l) => / git log /.test(l));
    expect(walks).toHaveLength(1);
    expect(walks[0]).toContain(`-n${HOOK_WALK_LIMIT + 1}`);

    // The background build writes the index, then gives up its claim: a later gap is built again at once.
    expect(await waitFor(() => existsSync(index) && !existsSync(`${index.slice(0, -'.json'.length)}.building`), 150_000)).toBe(true);
    const back = await switchTo(dir, 'main');
    expect(back.stderr).toMatch(/checkpoint: left 'old': no uncommitted changes; last checkpoint .* ago/);
    expect(back.stderr.split('\n').filter((l) => / git log /.test(l))).toEqual([]);
    const again = await switchTo(dir, 'old');
    expect(again.stderr).toContain(`checkpoint: on 'old': "task 1 on old"`);
  }, 200_000);
});

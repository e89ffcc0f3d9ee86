/**
 * A seeded random walk over the hand-over flows between two clones: save,
 * fetch, resume a teammate's checkpoint, drop, prune, push — in any order.
 * After every walk: each own chain's first-parent line holds only its
 * writer's commits, and every checkpoint ever saved is still reachable in the
 * clone that saved it (from a ref or a reflog).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../helpers/mem-cli.js';
import { makeSandbox, type Sandbox } from '../helpers/sandbox.js';
import { makeTeam, writerOf } from '../helpers/teammates.js';

let sb: Sandbox;
beforeAll(() => {
  sb = makeSandbox();
});
afterAll(() => sb.cleanup());

const STEPS = 10;
const OPS = ['save', 'save', 'fetch', 'resume-other', 'push', 'drop', 'prune'] as const;

async function step(op: (typeof OPS)[number], dir: string, n: number, saved: string[]): Promise<void> {
  if (op === 'save') {
    const res = await sb.ckpt(dir, ['save', '-m', `step ${n}`, '--json']);
    expect(res.code, res.stderr).toBe(0);
    saved.push(JSON.parse(res.stdout).commit);
  } else if (op === 'fetch') {
    expect((await sb.ckpt(dir, ['fetch'])).code).toBe(0);
  } else if (op === 'push') {
    expect([0, 1]).toContain((await sb.ckpt(dir, ['push'])).code);
  } else if (op === 'resume-other') {
    const list = JSON.parse((await sb.ckpt(dir, ['list', '--json'])).stdout) as { checkpoints: { id: string; remote: string | null }[] };
    const other = list.checkpoints.find((c) => c.remote !== null);
    if (other) expect([0, 3]).toContain((await sb.ckpt(dir, ['resume', other.id])).code);
  } else if (op === 'drop') {
    const list = JSON.parse((await sb.ckpt(dir, ['list', '--local', '--json'])).stdout) as { checkpoints: { id: string }[] };
    if (list.checkpoints[0]) expect((await sb.ckpt(dir, ['drop', list.checkpoints[0].id])).code).toBe(0);
  } else {
    expect((await sb.ckpt(dir, ['prune', '--keep', String(n % 3)])).code).toBe(0);
  }
}

function assertInvariants(dir: string, saved: string[]): void {
  let writer: string;
  try {
    writer = writerOf(sb, dir);
  } catch {
    return; // never saved
  }
  const ref = `refs/checkpoints/${writer}`;
  if (sb.git(dir, 'for-each-ref', ref).trim()) {
    const writers = sb.git(dir, 'log', '--first-parent', '--format=%(trailers:key=Checkpoint-Writer,valueonly)', ref)
      .split('\n').map((l) => l.trim()).filter(Boolean);
    expect(new Set(writers)).toEqual(new Set([writer]));
  }
  const reachable = new Set(sb.git(dir, 'rev-list', '--all', '--reflog').trim().split('\n'));
  for (const commit of saved) expect(reachable.has(commit), `saved ${commit} unreachable in ${dir}`).toBe(true);
  sb.git(dir, 'fsck', '--strict', '--no-dangling');
}

describe('own chains under random hand-overs', () => {
  for (const seed of [7, 90210]) {
    it(`seed ${seed}: first-parent lines stay own, nothing saved is lost`, async () => {
      const random = seededRandom(seed);
      const { a, b } = await makeTeam(sb, `prop-${seed}`, (bare) => bare);
      const saved = new Map<string, string[]>([[a, []], [b, []]]);
      // Every walk starts with the hand-over itself: B's first save builds on A's checkpoint.
      await step('save', a, 100, saved.get(a)!);
      await step('push', a, 101, saved.get(a)!);
      await step('fetch', b, 102, saved.get(b)!);
      await step('resume-other', b, 103, saved.get(b)!);
      await step('save', b, 104, saved.get(b)!);
      for (let n = 0; n < STEPS; n++) {
        const dir = random() < 0.5 ? a : b;
        const op = OPS[Math.floor(random() * OPS.length)]!;
        await step(op, dir, n, saved.get(dir)!);
      }
      for (const dir of [a, b]) assertInvariants(dir, saved.get(dir)!);
    });
  }
});

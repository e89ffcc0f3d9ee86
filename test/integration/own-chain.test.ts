/**
 * The own chain stays the writer's own (SPEC §3): a teammate's checkpoint
 * resumed and built on is only ever an extra parent; every own-chain
 * operation sees the writer's commits only; `doctor --fix` repairs a chain
 * an older version corrupted. And `save` writes nothing when it refuses.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSandbox, type Sandbox } from '../helpers/sandbox.js';
import { chainLength, makeTeam, writerOf } from '../helpers/teammates.js';

let sb: Sandbox;
beforeAll(() => {
  sb = makeSandbox();
});
afterAll(() => sb.cleanup());

/** Writers named by the trailers of the first-parent line of `ref`. */
function firstParentWriters(dir: string, ref: string): string[] {
  return sb.git(dir, 'log', '--first-parent', '--format=%(trailers:key=Checkpoint-Writer,valueonly)', ref)
    .split('\n').map((l) => l.trim()).filter(Boolean);
}

function objectCount(dir: string): number {
  return sb.git(dir, 'cat-file', '--batch-all-objects', '--batch-check').split('\n').filter(Boolean).length;
}

describe('a teammate checkpoint never enters the own chain', () => {
  it('resume A, save, push, prune, drop: B sees only its own commits', async () => {
    const { a, b } = await makeTeam(sb, 'handover', (bare) => bare);
    expect((await sb.ckpt(a, ['save', '-m', 'A starts the parser', '--next', 'write the lexer'])).code).toBe(0);
    expect((await sb.ckpt(a, ['push'])).code).toBe(0);
    const aWriter = writerOf(sb, a);
    expect((await sb.ckpt(b, ['fetch'])).code).toBe(0);
    const resumed = await sb.ckpt(b, ['resume', '--json']);
    const aId = JSON.parse(resumed.stdout).checkpoint.id;
    const saved = await sb.ckpt(b, ['save', '-m', 'B continues the parser']);
    expect(saved.code).toBe(0);
    const bWriter = writerOf(sb, b);
    const bRef = `refs/checkpoints/${bWriter}`;
    expect(firstParentWriters(b, bRef)).toEqual([bWriter]);
    const record = JSON.parse(sb.git(b, 'show', `${bRef}:checkpoint.json`));
    expect(record.parents).toEqual([aId]);
    // The open item of A's checkpoint came along, marked as carried.
    expect(record.nextSteps).toEqual(['write the lexer']);
    expect(record.carried).toEqual({ from: aId, nextSteps: 1, blockers: 0, questions: 0 });

    const push = await sb.ckpt(b, ['push', '--json']);
    expect(JSON.parse(push.stdout).count).toBe(1);
    const dry = await sb.ckpt(b, ['prune', '--keep', '0', '--dry-run', '--json']);
    expect(JSON.parse(dry.stdout).dropped.map((d: { id: string }) => d.id)).toEqual([record.id]);

    // A second save builds on A again: A's commit is an extra parent, never the first.
    await sb.ckpt(b, ['resume', aId]);
    expect((await sb.ckpt(b, ['save', '-m', 'B again from A'])).code).toBe(0);
    expect(firstParentWriters(b, bRef)).toEqual([bWriter, bWriter]);
    const aCommit = sb.git(b, 'rev-parse', `refs/checkpoints/remotes/origin/${aWriter}`).trim();
    expect(sb.git(b, 'rev-parse', `${bRef}^2`).trim()).toBe(aCommit);

    const pruned = await sb.ckpt(b, ['prune', '--keep', '1']);
    expect(pruned.code).toBe(0);
    expect(pruned.stdout).toMatch(/dropped \S+ \(was [0-9a-f]{40}\)/);
    expect(firstParentWriters(b, bRef)).toEqual([bWriter]);
    const last = JSON.parse(sb.git(b, 'show', `${bRef}:checkpoint.json`)).id;
    const dropped = await sb.ckpt(b, ['drop', last]);
    expect(dropped.code).toBe(0);
    expect(dropped.stderr).toContain('hint: undo with: git update-ref');
    // Nothing left: the ref is gone, not pointing at A's commit; the dropped chain is kept aside.
    expect(() => sb.git(b, 'rev-parse', '--verify', '-q', bRef)).toThrow();
    expect(sb.git(b, 'reflog', `refs/checkpoint-dropped/${bWriter}`)).toContain('tip before drop/prune');
    expect((await sb.ckpt(b, ['doctor'])).stdout).not.toContain('FAIL  chain');
  });

  it('doctor finds a chain whose first parents reach another writer, and --fix repairs it keeping every checkpoint', async () => {
    const { a, b } = await makeTeam(sb, 'corrupt', (bare) => bare);
    await sb.ckpt(a, ['save', '-m', 'A one']);
    await sb.ckpt(a, ['push']);
    await sb.ckpt(b, ['fetch']);
    await sb.ckpt(b, ['save', '-m', 'B one']);
    await sb.ckpt(b, ['save', '-m', 'B two']);
    const bWriter = writerOf(sb, b);
    const bRef = `refs/checkpoints/${bWriter}`;
    const aTip = sb.git(b, 'rev-parse', `refs/checkpoints/remotes/origin/${writerOf(sb, a)}`).trim();
    // What an older version wrote: B's first checkpoint with A's commit as its first parent.
    const [newest, oldest] = sb.git(b, 'rev-list', '--first-parent', bRef).trim().split('\n') as [string, string];
    const msg = (c: string) => sb.git(b, 'log', '-1', '--format=%B', c);
    const bad1 = sb.gitIn(b, ['commit-tree', `${oldest}^{tree}`, '-p', aTip], msg(oldest));
    const bad2 = sb.gitIn(b, ['commit-tree', `${newest}^{tree}`, '-p', bad1], msg(newest));
    sb.git(b, 'update-ref', bRef, bad2);
    const ids = () => sb.git(b, 'log', '--first-parent', '--format=%(trailers:key=Checkpoint-Id,valueonly)', bRef).split('\n').map((l) => l.trim()).filter(Boolean);
    const before = ids();

    const check = await sb.ckpt(b, ['doctor']);
    expect(check.code).toBe(1);
    expect(check.stdout).toMatch(new RegExp(`FAIL  chain: ${bRef} reaches ${aTip}`));
    // Own-chain operations already ignore the stranger: prune counts B's two only.
    const dry = await sb.ckpt(b, ['prune', '--keep', '0', '-n', '--json']);
    expect(JSON.parse(dry.stdout).dropped).toHaveLength(2);

    const fixed = await sb.ckpt(b, ['doctor', '--fix']);
    expect(fixed.stdout).toContain('repaired, 2 checkpoint(s) kept');
    expect(firstParentWriters(b, bRef)).toEqual([bWriter, bWriter]);
    expect(ids().slice(0, 2)).toEqual(before.slice(0, 2));
    expect(chainLength(sb, b, bRef)).toBe(2);
    // A's checkpoint stays reachable from B's chain, as an extra parent of B's second; the corrupted tip stays in the reflog.
    expect(sb.git(b, 'rev-parse', `${bRef}^2`).trim()).toBe(aTip);
    expect(JSON.parse(sb.git(b, 'show', `${bRef}~1:checkpoint.json`)).task.title).toBe('B one');
    expect(sb.git(b, 'rev-list', '--reflog')).toContain(bad2);
    expect((await sb.ckpt(b, ['doctor'])).stdout).toContain('ok    chain');
    sb.git(b, 'fsck', '--strict', '--no-dangling');
  });
});

describe('save writes nothing when it refuses', () => {
  it('an unknown --parent sets no writer; an oversized title leaves no objects', async () => {
    const dir = sb.repo('refusals');
    const parent = await sb.ckpt(dir, ['save', '-m', 'x', '--parent', 'nosuch']);
    expect(parent.code).toBe(1);
    expect(() => sb.git(dir, 'config', 'checkpoint.writer')).toThrow();
    writeFileSync(join(dir, 'dirty.txt'), 'uncommitted\n');
    const before = objectCount(dir);
    const huge = await sb.ckpt(dir, ['save', '-m', 'x'.repeat(70_000)]);
    expect(huge.code).toBe(129);
    expect(objectCount(dir)).toBe(before);
    expect(() => sb.git(dir, 'config', 'checkpoint.writer')).toThrow();
  });

  it('refuses labels that shadow names, and a bad checkpoint.writer, with nothing written', async () => {
    const dir = sb.repo('labels');
    for (const label of ['latest', 'LATEST', '2026', '20261130-1201', 'deadbeef']) {
      const res = await sb.ckpt(dir, ['save', '-m', 'x', '--label', label]);
      expect(res.code, label).toBe(129);
      expect(res.stderr).toContain('would shadow');
    }
    expect((await sb.ckpt(dir, ['save', '-m', 'x', '--label', 'release-2'])).code).toBe(0);
    sb.git(dir, 'config', 'checkpoint.writer', 'UPPER-ABCDEF');
    const bad = await sb.ckpt(dir, ['save', '-m', 'y']);
    expect(bad.code).toBe(128);
    expect(bad.stderr).toContain("fatal: bad config value 'UPPER-ABCDEF' for 'checkpoint.writer'");
    expect(sb.git(dir, 'for-each-ref', 'refs/checkpoints/').trim().split('\n')).toHaveLength(1);
  });
});

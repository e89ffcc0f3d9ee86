import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSandbox, type Sandbox } from '../helpers/sandbox.js';

let sb: Sandbox;
beforeAll(() => {
  sb = makeSandbox();
});
afterAll(() => sb.cleanup());

const COUNT = 10_005;
const name = (i: number) => `gen/d${String(Math.floor(i / 500)).padStart(2, '0')}/f${String(i).padStart(5, '0')}.txt`;

describe('a working tree with more untracked files than a record lists', () => {
  it('records 10,000 paths (truncated), snapshots all of them, and resume stays correct', async () => {
    const dir = sb.repo('big');
    for (let d = 0; d * 500 < COUNT; d++) mkdirSync(join(dir, 'gen', `d${String(d).padStart(2, '0')}`), { recursive: true });
    for (let i = 0; i < COUNT; i++) writeFileSync(join(dir, name(i)), `generated ${i}\n`);
    const saved = await sb.ckpt(dir, ['save', '-m', 'many files']);
    expect(saved.code).toBe(0);
    const record = JSON.parse((await sb.ckpt(dir, ['show', '--json'])).stdout);
    expect(record.git.worktree).toMatchObject({ collected: true, total: COUNT, truncated: true });
    // The record lists what fits in the 1 MiB a reader accepts (SPEC §9), never more than 10,000 paths.
    expect(record.git.worktree.files.length).toBeGreaterThan(5000);
    expect(record.git.worktree.files.length).toBeLessThanOrEqual(10_000);
    const listed = record.git.worktree.files.length;
    expect(sb.git(dir, 'ls-tree', '-r', '--name-only', record.git.wip.tree).trim().split('\n')).toHaveLength(COUNT + 1);

    const clean = await sb.ckpt(dir, ['resume']);
    expect(clean.code).toBe(0);
    expect(clean.stdout).toContain(`(truncated: ${listed} of ${COUNT} shown)`);
    expect(clean.stdout).toContain('- worktree: matches the checkpoint');

    // One path the record lists, one beyond its cap (known from the wip tree), and a new one.
    writeFileSync(join(dir, name(0)), 'edited\n');
    writeFileSync(join(dir, name(COUNT - 1)), 'edited too\n');
    writeFileSync(join(dir, 'gen', 'new.txt'), 'new\n');
    const drift = await sb.ckpt(dir, ['status', '--json']);
    expect(drift.code).toBe(3);
    const { reconcile } = JSON.parse(drift.stdout);
    expect(reconcile.worktree).toMatchObject({
      changed: [name(0), name(COUNT - 1)], unrecorded: ['gen/new.txt'], absent: [], resolved: [], notCompared: 0,
    });
    const text = await sb.ckpt(dir, ['status']);
    expect(text.stdout.split('\n').length).toBeLessThan(40);
  });
});

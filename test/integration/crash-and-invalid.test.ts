import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSandbox, type Sandbox } from '../helpers/sandbox.js';

let sb: Sandbox;
beforeAll(() => {
  sb = makeSandbox();
});
afterAll(() => sb.cleanup());

const writerOf = (dir: string) => sb.git(dir, 'config', 'checkpoint.writer').trim();

describe('crash safety', () => {
  it('a crash after writing objects leaves no visible checkpoint', async () => {
    const dir = sb.repo('crash-objects');
    await sb.ckpt(dir, ['save', '-m', 'kept']);
    const tip = sb.git(dir, 'rev-parse', `refs/checkpoints/${writerOf(dir)}`);
    const res = await sb.ckpt(dir, ['save', '-m', 'lost'], { env: { GIT_CHECKPOINT_FAULT: 'objects' } });
    expect(res.code).not.toBe(0);
    expect(sb.git(dir, 'rev-parse', `refs/checkpoints/${writerOf(dir)}`)).toBe(tip);
    const list = JSON.parse((await sb.ckpt(dir, ['list', '--json'])).stdout);
    expect(list.checkpoints.map((c: { title: string }) => c.title)).toEqual(['kept']);
    sb.git(dir, 'fsck', '--strict', '--no-dangling');
  });

  it('a crash between the chain and the note is repaired by doctor --fix', async () => {
    const dir = sb.repo('crash-ref');
    const res = await sb.ckpt(dir, ['save', '-m', 'noteless'], { env: { GIT_CHECKPOINT_FAULT: 'ref' } });
    expect(res.code).not.toBe(0);
    const writer = writerOf(dir);
    const list = JSON.parse((await sb.ckpt(dir, ['list', '--json'])).stdout);
    expect(list.checkpoints).toHaveLength(1);
    const id = list.checkpoints[0].id;
    expect(() => sb.git(dir, 'notes', '--ref', `refs/notes/checkpoints/${writer}`, 'show', 'HEAD')).toThrow();
    const check = await sb.ckpt(dir, ['doctor']);
    expect(check.code).toBe(1);
    expect(check.stdout).toContain('1 missing');
    const fix = await sb.ckpt(dir, ['doctor', '--fix']);
    expect(fix.code).toBe(0);
    expect(sb.git(dir, 'notes', '--ref', `refs/notes/checkpoints/${writer}`, 'show', 'HEAD').trim()).toBe(
      `checkpoint ${id} on main: noteless`,
    );
    expect((await sb.ckpt(dir, ['doctor'])).code).toBe(0);
    sb.git(dir, 'fsck', '--strict', '--no-dangling');
  });
});

describe('invalid records', () => {
  it('list warns and skips them; show of one fails with exit 1', async () => {
    const dir = sb.repo('invalid');
    await sb.ckpt(dir, ['save', '-m', 'good one']);
    const writer = writerOf(dir);
    const ref = `refs/checkpoints/${writer}`;
    // A hand-made chain commit whose record breaks the schema.
    const bad = JSON.stringify({ schema: 'git-checkpoint/v1', id: '20260101-000000-abcd', task: 'not an object' });
    const badBlob = sb.gitIn(dir, ['hash-object', '-w', '--stdin'], bad);
    const tree = sb.gitIn(dir, ['mktree'], `100644 blob ${badBlob}\tcheckpoint.json\n`);
    const msg = `checkpoint: broken\n\nCheckpoint-Id: 20260101-000000-abcd\nCheckpoint-Writer: ${writer}\n`;
    const commit = sb.gitIn(dir, ['commit-tree', tree, '-p', ref, '-F', '-'], msg);
    sb.git(dir, 'update-ref', ref, commit);
    await sb.ckpt(dir, ['save', '-m', 'after the broken one']);

    const list = await sb.ckpt(dir, ['list', '--json']);
    expect(list.code).toBe(0);
    expect(JSON.parse(list.stdout).checkpoints.map((c: { title: string }) => c.title)).toEqual(['after the broken one', 'good one']);
    expect(list.stderr).toContain(`warning: skipping invalid checkpoint ${commit}: `);
    const show = await sb.ckpt(dir, ['show', '20260101-000000-abcd']);
    expect(show.code).toBe(1);
    expect(show.stderr).toContain(`checkpoint ${commit} is invalid`);
    const byCommit = await sb.ckpt(dir, ['show', commit]);
    expect(byCommit.code).toBe(1);
  });
});

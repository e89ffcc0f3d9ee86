/**
 * Start-up is most of a short command's cost (SPEC §11), and every git
 * process a save starts costs milliseconds of its own: a save moves chain and
 * note in one `update-ref` transaction and reads recent commits through the
 * running `cat-file`, with nothing lost in the record.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSandbox, type Sandbox } from '../helpers/sandbox.js';

let sb: Sandbox;
beforeAll(() => {
  sb = makeSandbox();
});
afterAll(() => sb.cleanup());

const processes = (stderr: string) => stderr.split('\n').filter((l) => l.startsWith('trace: ')).map((l) => l.split(' ')[3]);

describe('the git processes of a save', () => {
  it('moves chain and note in one transaction and runs no git log', async () => {
    const dir = sb.repo('one-transaction');
    writeFileSync(join(dir, 'b.txt'), 'second\n');
    sb.git(dir, 'add', '.');
    sb.git(dir, 'commit', '-q', '-m', 'second commit', '-m', 'with a body');
    expect((await sb.ckpt(dir, ['save', '-q', '-m', 'first'])).code).toBe(0);
    writeFileSync(join(dir, 'b.txt'), 'changed\n');
    const res = await sb.ckpt(dir, ['save', '-q', '--no-wip', '-m', 'second'], { env: { GIT_CHECKPOINT_TRACE: '1' } });
    expect(res.code).toBe(0);
    const ran = processes(res.stderr);
    expect(ran.filter((p) => p === 'update-ref')).toHaveLength(1);
    expect(ran).not.toContain('log');
    const writer = sb.git(dir, 'config', 'checkpoint.writer').trim();
    const reflog = sb.git(dir, 'reflog', 'show', '--format=%gs', `refs/notes/checkpoints/${writer}`).trim().split('\n');
    expect(reflog).toHaveLength(2);
    const record = JSON.parse(sb.git(dir, 'show', `refs/checkpoints/${writer}:checkpoint.json`));
    expect(record.task.title).toBe('second');
    expect(record.git.commits.map((c: { subject: string }) => c.subject)).toEqual(['second commit', 'initial commit']);
    const head = sb.git(dir, 'rev-parse', 'HEAD').trim();
    expect(sb.git(dir, 'notes', `--ref=refs/notes/checkpoints/${writer}`, 'show', head)).toContain(record.id);
  }, 60_000);

  it('hashes dirty files and writes the wip snapshot without git processes of their own, to the same ids', async () => {
    const dir = sb.repo('in-process');
    writeFileSync(join(dir, 'README.md'), 'changed\n');
    writeFileSync(join(dir, 'new.txt'), 'untracked\n');
    const res = await sb.ckpt(dir, ['save', '-q', '-m', 'wip'], { env: { GIT_CHECKPOINT_TRACE: '1' } });
    expect(res.code).toBe(0);
    const ran = processes(res.stderr);
    for (const step of ['hash-object', 'read-tree', 'update-index', 'write-tree', 'rev-parse']) expect(ran).not.toContain(step);
    const writer = sb.git(dir, 'config', 'checkpoint.writer').trim();
    const record = JSON.parse(sb.git(dir, 'show', `refs/checkpoints/${writer}:checkpoint.json`));
    const oids = Object.fromEntries(record.git.worktree.files.map((f: { path: string; oid: string }) => [f.path, f.oid]));
    expect(oids).toEqual({ 'README.md': sb.git(dir, 'hash-object', 'README.md').trim(), 'new.txt': sb.git(dir, 'hash-object', 'new.txt').trim() });
    expect(sb.git(dir, 'show', `refs/checkpoints/${writer}:wip/new.txt`)).toBe('untracked\n');
    expect(sb.git(dir, 'show', `refs/checkpoints/${writer}:wip/README.md`)).toBe('changed\n');
  }, 60_000);
});

/**
 * A checkpoint saved while git waits in the middle of an operation (a merge
 * with conflicts, a rebase, a cherry-pick, a revert, a bisect) records which
 * one (`git.inProgress`), and show, resume and the recap say so. Records
 * saved before the field existed still read. Through the built bin.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSandbox, runProcess, type Sandbox } from '../helpers/sandbox.js';

let sb: Sandbox;
beforeAll(() => {
  sb = makeSandbox();
});
afterAll(() => sb.cleanup());

/** A repository where `topic` and `main` change the same line of `a.txt`: merging, rebasing or picking stops on a conflict. */
function conflicting(name: string): string {
  const dir = sb.repo(name);
  writeFileSync(join(dir, 'a.txt'), 'base\n');
  sb.git(dir, 'add', 'a.txt');
  sb.git(dir, 'commit', '-q', '-m', 'base');
  sb.git(dir, 'switch', '-q', '-c', 'topic');
  writeFileSync(join(dir, 'a.txt'), 'topic\n');
  sb.git(dir, 'commit', '-q', '-am', 'topic change');
  sb.git(dir, 'switch', '-q', 'main');
  writeFileSync(join(dir, 'a.txt'), 'main\n');
  sb.git(dir, 'commit', '-q', '-am', 'main change');
  return dir;
}

const stopsOnConflict = async (dir: string, args: string[]) => {
  const res = await runProcess('git', args, dir, sb.env);
  expect(res.code, `git ${args.join(' ')} should stop on the conflict`).not.toBe(0);
};

describe('a checkpoint saved mid-operation', () => {
  it.each([
    ['merge', ['merge', '-q', 'topic']],
    ['rebase', ['rebase', '-q', 'topic']],
    ['cherry-pick', ['cherry-pick', 'topic']],
    ['revert', ['revert', '--no-edit', 'HEAD']],
  ])('%s: recorded, and shown by show, resume and the recap', async (operation, args) => {
    const dir = conflicting(`mid-${operation}`);
    if (operation === 'revert') {
      writeFileSync(join(dir, 'a.txt'), 'main again\n');
      sb.git(dir, 'commit', '-q', '-am', 'after main');
      await stopsOnConflict(dir, ['revert', '--no-edit', 'HEAD~1']);
    } else {
      await stopsOnConflict(dir, args);
    }
    const saved = await sb.ckpt(dir, ['save', '-m', `resolving the ${operation}`]);
    expect(saved.code, saved.stderr).toBe(0);
    const id = saved.stdout.trim();
    const record = JSON.parse((await sb.ckpt(dir, ['show', id, '--json'])).stdout);
    expect(record.git.inProgress).toBe(operation);
    expect(record.git.worktree.files).toContainEqual(expect.objectContaining({ path: 'a.txt' }));
    const line = `- In progress: ${operation} (saved while git waited for the ${operation} to be concluded)`;
    expect((await sb.ckpt(dir, ['show', id])).stdout).toContain(line);
    expect((await sb.ckpt(dir, ['resume', id])).stdout).toContain(line);
    const recap = (await sb.ckpt(dir, ['show', id, '--format', 'recap'])).stdout;
    expect(recap.split('\n')).toContain(`IN_PROGRESS|${operation}`);
    // The recap and the markdown read back through save --input.
    expect((await sb.ckpt(dir, ['save', '--input', '-', '--no-wip'], { input: recap })).code).toBe(0);
    expect((await sb.ckpt(dir, ['save', '--input', '-', '--no-wip'], { input: (await sb.ckpt(dir, ['show', id])).stdout })).code).toBe(0);
  });

  it('bisect: recorded; a save with nothing in progress records null', async () => {
    const dir = conflicting('mid-bisect');
    const plain = await sb.ckpt(dir, ['save', '-m', 'nothing in progress']);
    expect(JSON.parse((await sb.ckpt(dir, ['show', plain.stdout.trim(), '--json'])).stdout).git.inProgress).toBeNull();
    sb.git(dir, 'bisect', 'start', 'HEAD', 'HEAD~2');
    const saved = await sb.ckpt(dir, ['save', '-m', 'hunting the bug']);
    const record = JSON.parse((await sb.ckpt(dir, ['show', saved.stdout.trim(), '--json'])).stdout);
    expect(record.git.inProgress).toBe('bisect');
    sb.git(dir, 'bisect', 'reset');
  });

  it('a record saved before the field existed still reads, and says nothing of it', async () => {
    const dir = sb.repo('old-record');
    const id = (await sb.ckpt(dir, ['save', '-m', 'old'])).stdout.trim();
    const writer = sb.git(dir, 'config', 'checkpoint.writer').trim();
    const ref = `refs/checkpoints/${writer}`;
    // The same checkpoint as an older version wrote it: no git.inProgress key.
    const record = JSON.parse(sb.git(dir, 'show', `${ref}:checkpoint.json`));
    delete record.git.inProgress;
    const blob = sb.gitIn(dir, ['hash-object', '-w', '--stdin'], `${JSON.stringify(record, null, 2)}\n`);
    const tree = sb.gitIn(dir, ['mktree'], `100644 blob ${blob}\tcheckpoint.json\n100644 blob ${sb.git(dir, 'rev-parse', `${ref}:CHECKPOINT.md`).trim()}\tCHECKPOINT.md\n`);
    const commit = sb.gitIn(dir, ['commit-tree', tree, '-F', '-'], sb.git(dir, 'log', '-1', '--format=%B', ref));
    sb.git(dir, 'update-ref', ref, commit);
    const shown = await sb.ckpt(dir, ['show', id, '--json']);
    expect(shown.code, shown.stderr).toBe(0);
    expect(JSON.parse(shown.stdout).git).not.toHaveProperty('inProgress');
    expect((await sb.ckpt(dir, ['show', id])).stdout).not.toContain('In progress');
  });
});

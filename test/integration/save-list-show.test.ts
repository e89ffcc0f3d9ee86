import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSandbox, runProcess, type Sandbox } from '../helpers/sandbox.js';

let sb: Sandbox;
beforeAll(() => {
  sb = makeSandbox();
});
afterAll(() => sb.cleanup());

const writerOf = (dir: string) => sb.git(dir, 'config', 'checkpoint.writer').trim();

describe('save, list, show on real git', () => {
  it('round-trips the quick-start example and plain git can read everything', async () => {
    const dir = sb.repo('quickstart');
    const saved = await sb.ckpt(dir, [
      'save', '-m', 'Add retry to the uploader',
      '--decision', 'exponential backoff :: the API rate-limits bursts',
      '--rejected', 'fixed 1 s sleep :: still tripped the limit under load',
      '--next', 'run npm test -- uploader', '--blocker', 'need staging credentials',
    ]);
    expect(saved.stderr).toBe('');
    expect(saved.code).toBe(0);
    const id = saved.stdout.trim();
    expect(id).toMatch(/^\d{8}-\d{6}-[a-z0-9]{4}$/);
    const writer = writerOf(dir);
    expect(writer).toMatch(/^ada-[a-z0-9]{6}$/);

    const list = await sb.ckpt(dir, ['list']);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(id);
    expect(list.stdout).toContain('Add retry to the uploader');
    expect(list.stdout).toMatch(/^ID\s+SAVED \(UTC\)\s+BRANCH\s+WRITER\s+TASK/);
    expect(list.stdout).toContain('showing 1 of 1');

    const md = await sb.ckpt(dir, ['show', 'latest']);
    expect(md.code).toBe(0);
    expect(md.stdout).toContain('Add retry to the uploader');
    expect(md.stdout).toContain('exponential backoff');
    expect(md.stdout).toContain('the API rate-limits bursts');
    expect(md.stdout).toContain('run npm test -- uploader');

    const json = JSON.parse((await sb.ckpt(dir, ['show', 'latest', '--json'])).stdout);
    expect(json).toMatchObject({
      schema: 'git-checkpoint/v1', id, writer,
      task: { title: 'Add retry to the uploader', status: 'in_progress' },
      decisions: [{ what: 'exponential backoff', why: 'the API rate-limits bursts' }],
      rejected: [{ what: 'fixed 1 s sleep', why: 'still tripped the limit under load' }],
      nextSteps: ['run npm test -- uploader'],
      blockers: ['need staging credentials'],
      git: { branch: 'main', head: sb.git(dir, 'rev-parse', 'HEAD').trim() },
    });

    const ref = `refs/checkpoints/${writer}`;
    expect(sb.git(dir, 'log', '--format=%s', ref).trim()).toBe('checkpoint: Add retry to the uploader');
    const body = sb.git(dir, 'log', '-1', '--format=%B', ref);
    expect(body).toContain(`Checkpoint-Id: ${id}`);
    expect(body).toContain(`Checkpoint-Writer: ${writer}`);
    expect(body).toContain('Checkpoint-Branch: main');
    expect(JSON.parse(sb.git(dir, 'show', `${ref}:checkpoint.json`)).id).toBe(id);
    expect(sb.git(dir, 'show', `${ref}:CHECKPOINT.md`)).toContain('Add retry to the uploader');
    expect(sb.git(dir, 'notes', '--ref', `refs/notes/checkpoints/${writer}`, 'show', 'HEAD').trim()).toBe(
      `checkpoint ${id} on main: Add retry to the uploader`,
    );
    sb.git(dir, 'fsck', '--strict', '--no-dangling');
  });

  it('chains checkpoints, resolves ids, prefixes, labels and commit ids', async () => {
    const dir = sb.repo('resolve');
    const a = (await sb.ckpt(dir, ['save', '-m', 'first', 'alpha'])).stdout.trim();
    const b = (await sb.ckpt(dir, ['save', '-m', 'second', '--label', 'beta'])).stdout.trim();
    const writer = writerOf(dir);
    const ref = `refs/checkpoints/${writer}`;
    expect(sb.git(dir, 'rev-list', '--count', ref).trim()).toBe('2');
    expect(sb.git(dir, 'rev-parse', `${ref}^`).trim()).toBe(sb.git(dir, 'rev-parse', `${ref}~1`).trim());
    const show = async (spec: string) => JSON.parse((await sb.ckpt(dir, ['show', spec, '--json'])).stdout).id;
    expect(await show('latest')).toBe(b);
    expect(await show(a)).toBe(a);
    expect(await show('alpha')).toBe(a);
    expect(await show('beta')).toBe(b);
    expect(await show(sb.git(dir, 'rev-parse', `${ref}~1`).trim())).toBe(a);
    expect(await show(sb.git(dir, 'rev-parse', '--short=10', ref).trim())).toBe(b);
    // The shortest prefix of a's id that b's id does not share.
    let n = 1;
    while (b.startsWith(a.slice(0, n))) n++;
    expect(await show(a.slice(0, n))).toBe(a);
    // The second checkpoint continues the first one's lineage.
    expect(JSON.parse((await sb.ckpt(dir, ['show', b, '--json'])).stdout).parents).toEqual([a]);
    const ambiguous = await sb.ckpt(dir, ['show', a.slice(0, 4)]);
    expect(ambiguous.code).toBe(1);
    expect(ambiguous.stderr).toContain('ambiguous');
    expect(ambiguous.stderr).toContain(a);
    expect(ambiguous.stderr).toContain(b);
    const missing = await sb.ckpt(dir, ['show', 'nope']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("no checkpoint matches 'nope'");
  });

  it('lists with filters, a limit and JSON', async () => {
    const dir = sb.repo('filters');
    await sb.ckpt(dir, ['save', '-m', 'on main 1']);
    await sb.ckpt(dir, ['save', '-m', 'on main 2', 'tagged']);
    sb.git(dir, 'switch', '-q', '-c', 'feature');
    await sb.ckpt(dir, ['save', '-m', 'on feature']);
    const all = JSON.parse((await sb.ckpt(dir, ['list', '--json'])).stdout);
    expect(all.total).toBe(3);
    expect(all.checkpoints.map((c: { title: string }) => c.title)).toEqual(['on feature', 'on main 2', 'on main 1']);
    expect(all.checkpoints[0]).toMatchObject({ branch: 'feature', remote: null, status: 'in_progress', label: null });
    const here = JSON.parse((await sb.ckpt(dir, ['list', '--here', '--json'])).stdout);
    expect(here.checkpoints.map((c: { title: string }) => c.title)).toEqual(['on feature']);
    const main = JSON.parse((await sb.ckpt(dir, ['list', '--branch', 'main', '--json'])).stdout);
    expect(main.total).toBe(2);
    const label = JSON.parse((await sb.ckpt(dir, ['list', '--label', 'tagged', '--json'])).stdout);
    expect(label.checkpoints.map((c: { title: string }) => c.title)).toEqual(['on main 2']);
    const limited = await sb.ckpt(dir, ['list', '-n', '2']);
    expect(limited.stdout).toContain('showing 2 of 3');
    expect(limited.stdout).not.toContain('on main 1');
    const future = JSON.parse((await sb.ckpt(dir, ['list', '--since', '2999-01-01', '--json'])).stdout);
    expect(future).toEqual({ total: 0, shown: 0, checkpoints: [] });
    const writer = JSON.parse((await sb.ckpt(dir, ['list', '--writer', 'nobody-000000', '--json'])).stdout);
    expect(writer.total).toBe(0);
    // `latest` prefers the current branch.
    sb.git(dir, 'switch', '-q', 'main');
    expect(JSON.parse((await sb.ckpt(dir, ['show', 'latest', '--json'])).stdout).task.title).toBe('on main 2');
  });

  it('save --branch records the branch left behind (after a switch)', async () => {
    const dir = sb.repo('branch-flag');
    sb.git(dir, 'switch', '-q', '-c', 'topic');
    sb.git(dir, 'commit', '-q', '--allow-empty', '-m', 'topic work');
    const topicHead = sb.git(dir, 'rev-parse', 'HEAD').trim();
    sb.git(dir, 'switch', '-q', 'main');
    const res = await sb.ckpt(dir, ['save', '--branch', 'topic', '-m', 'left topic half done']);
    expect(res.code).toBe(0);
    const rec = JSON.parse((await sb.ckpt(dir, ['show', '--json'])).stdout);
    expect(rec.git).toMatchObject({ branch: 'topic', head: topicHead });
    const writer = writerOf(dir);
    expect(sb.git(dir, 'notes', '--ref', `refs/notes/checkpoints/${writer}`, 'show', topicHead)).toContain('on topic: left topic half done');
    expect(JSON.parse((await sb.ckpt(dir, ['list', '--branch', 'topic', '--json'])).stdout).total).toBe(1);
  });

  it('an empty list is not a failure', async () => {
    const dir = sb.repo('empty-list');
    const res = await sb.ckpt(dir, ['list']);
    expect(res.code).toBe(0);
    expect(res.stdout).toBe('');
    expect(res.stderr).toContain('no checkpoints yet');
  });

  it('works with -C from another directory and records uncommitted paths with blob ids', async () => {
    const dir = sb.repo('dirty');
    writeFileSync(join(dir, 'README.md'), '# changed\n');
    writeFileSync(join(dir, 'new file.txt'), 'hello\n');
    writeFileSync(join(dir, 'ünï cödé.txt'), 'unicode\n');
    writeFileSync(join(dir, 'line\nbreak.txt'), 'newline in the name\n');
    sb.git(dir, 'add', 'new file.txt');
    const res = await sb.ckpt(sb.root, ['-C', dir, 'save', '-m', 'dirty tree', '--json']);
    expect(res.code).toBe(0);
    const out = JSON.parse(res.stdout);
    expect(out).toMatchObject({ writer: writerOf(dir), branch: 'main', notes: 'ok' });
    const record = JSON.parse((await sb.ckpt(dir, ['show', out.id, '--json'])).stdout);
    const files = Object.fromEntries(record.git.worktree.files.map((f: { path: string }) => [f.path, f]));
    const blob = (p: string) => sb.git(dir, 'hash-object', '--', p).trim();
    expect(files['README.md']).toEqual({ path: 'README.md', status: '.M', staged: false, oid: blob('README.md') });
    expect(files['new file.txt']).toEqual({ path: 'new file.txt', status: 'A.', staged: true, oid: blob('new file.txt') });
    expect(files['ünï cödé.txt']).toMatchObject({ status: '??', oid: blob('ünï cödé.txt') });
    expect(files['line\nbreak.txt']).toMatchObject({ status: '??', oid: blob('line\nbreak.txt') });
    expect(record.git.worktree).toMatchObject({ collected: true, total: 4, truncated: false });
    expect(record.git.commits).toEqual([{ oid: sb.git(dir, 'rev-parse', 'HEAD').trim(), subject: 'initial commit' }]);
    sb.git(dir, 'fsck', '--strict', '--no-dangling');
  });

  it('leaves out untracked paths git reserves for .git (.GIT/, git~1/), says so, and resume does not count them', async () => {
    const dir = sb.repo('reserved-names');
    for (const d of ['.GIT', 'git~1']) {
      mkdirSync(join(dir, d));
      writeFileSync(join(dir, d, 'x'), 'x\n');
    }
    writeFileSync(join(dir, 'fine.txt'), 'ok\n');
    const saved = await sb.ckpt(dir, ['save', '-m', 'next to odd names']);
    expect(saved.code).toBe(0);
    expect(saved.stderr).toBe('warning: not collected: worktree: left out 2 path(s) git reserves for its own directory: .GIT/x, git~1/x\n');
    const record = JSON.parse((await sb.ckpt(dir, ['show', '--json'])).stdout);
    expect(record.git.worktree.files.map((f: { path: string }) => f.path)).toEqual(['fine.txt']);
    expect(sb.git(dir, 'ls-tree', '-r', '--name-only', `${record.git.wip.tree}`).trim()).toBe('README.md\nfine.txt');
    const resumed = await sb.ckpt(dir, ['resume', '--json']);
    expect(resumed.code).toBe(0);
    expect(JSON.parse(resumed.stdout).reconcile.drift).toBe(false);
  });

  it('ends quietly when the reader goes away (| head), with git\'s code for it (141)', async () => {
    const dir = sb.repo('pipe');
    const steps = Array.from({ length: 500 }, (_, i) => `step ${i} ${'x'.repeat(300)}`);
    writeFileSync(join(dir, '..', 'pipe-input.json'), JSON.stringify({ task: { title: 'big' }, nextSteps: steps }));
    expect((await sb.ckpt(dir, ['save', '--input', join(dir, '..', 'pipe-input.json')])).code).toBe(0);
    // 160 KB of output into a reader that stops after 20 bytes: the write fails with EPIPE.
    const res = await runProcess('bash', ['-c', 'git checkpoint show --format json | head -c 20 >/dev/null; echo "${PIPESTATUS[0]}"'], dir, sb.env);
    expect([res.stdout, res.stderr]).toEqual(['141\n', '']);
  });

  it.skipIf(!existsSync('/dev/full'))('output that cannot be written is a failure, as in git: list and show into a full device exit 128', async () => {
    const dir = sb.repo('full');
    expect((await sb.ckpt(dir, ['save', '-m', 'one to list'])).code).toBe(0);
    for (const command of ['list', 'show --json']) {
      const res = await runProcess('sh', ['-c', `git checkpoint ${command} >/dev/full`], dir, sb.env);
      expect([res.code, res.stderr], command).toEqual([128, "fatal: write failure on 'stdout': no space left on device\n"]);
    }
    // git's own answer to the same: a write failure is fatal.
    expect((await runProcess('sh', ['-c', 'git log -1 >/dev/full'], dir, sb.env)).code).toBe(128);
  });

  it('works on an unborn branch and on a detached HEAD', async () => {
    const unborn = sb.repo('unborn', { empty: true });
    writeFileSync(join(unborn, 'a.txt'), 'a\n');
    const res = await sb.ckpt(unborn, ['save', '-m', 'before the first commit', '--json']);
    expect(res.code).toBe(0);
    const rec = JSON.parse((await sb.ckpt(unborn, ['show', '--json'])).stdout);
    expect(rec.git).toMatchObject({ branch: 'main', head: null, commits: [] });
    expect(rec.git.worktree.files).toHaveLength(1);

    const dir = sb.repo('detached');
    sb.git(dir, 'commit', '-q', '--allow-empty', '-m', 'second');
    sb.git(dir, 'switch', '-q', '--detach', 'HEAD~1');
    const saved = await sb.ckpt(dir, ['save', '-m', 'detached work']);
    expect(saved.code).toBe(0);
    const det = JSON.parse((await sb.ckpt(dir, ['show', '--json'])).stdout);
    expect(det.git.branch).toBeNull();
    expect(det.git.head).toBe(sb.git(dir, 'rev-parse', 'HEAD').trim());
    const writer = writerOf(dir);
    expect(sb.git(dir, 'log', '-1', '--format=%B', `refs/checkpoints/${writer}`)).toContain('Checkpoint-Branch: (detached)');
    expect(sb.git(dir, 'notes', '--ref', `refs/notes/checkpoints/${writer}`, 'show', 'HEAD')).toContain('on (detached): detached work');
  });

  it('shares one chain between linked worktrees, and reads packed refs', async () => {
    const dir = sb.repo('worktrees');
    await sb.ckpt(dir, ['save', '-m', 'from the main worktree']);
    const wt = join(sb.root, 'worktrees-linked');
    sb.git(dir, 'worktree', 'add', '-q', '-b', 'side', wt);
    const res = await sb.ckpt(wt, ['save', '-m', 'from the linked worktree']);
    expect(res.code).toBe(0);
    expect(writerOf(wt)).toBe(writerOf(dir));
    const ref = `refs/checkpoints/${writerOf(dir)}`;
    expect(sb.git(dir, 'log', '--format=%s', ref).trim().split('\n')).toEqual([
      'checkpoint: from the linked worktree', 'checkpoint: from the main worktree',
    ]);
    const fromWt = JSON.parse((await sb.ckpt(wt, ['show', 'latest', '--json'])).stdout);
    expect(fromWt.git.branch).toBe('side');
    sb.git(dir, 'pack-refs', '--all');
    const list = JSON.parse((await sb.ckpt(dir, ['list', '--json'])).stdout);
    expect(list.total).toBe(2);
    await sb.ckpt(dir, ['save', '-m', 'after packing']);
    expect(sb.git(dir, 'rev-list', '--count', ref).trim()).toBe('3');
    sb.git(dir, 'fsck', '--strict', '--no-dangling');
  });

  it('lands 8 concurrent saves from two worktrees, with 8 note lines', async () => {
    const dir = sb.repo('race');
    const wt = join(sb.root, 'race-linked');
    sb.git(dir, 'worktree', 'add', '-q', '--detach', wt, 'HEAD');
    // No writer yet: the racing first saves must agree on one.
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => sb.ckpt(i % 2 ? wt : dir, ['save', '-m', `racer ${i}`])),
    );
    for (const r of results) expect(r.code, r.stderr).toBe(0);
    const writer = writerOf(dir);
    expect(sb.git(dir, 'config', '--get-all', 'checkpoint.writer').trim().split('\n')).toHaveLength(1);
    const ref = `refs/checkpoints/${writer}`;
    expect(sb.git(dir, 'rev-list', '--count', ref).trim()).toBe('8');
    const notes = sb.git(dir, 'notes', '--ref', `refs/notes/checkpoints/${writer}`, 'show', 'HEAD').trim().split('\n');
    expect(notes).toHaveLength(8);
    expect(new Set(notes.map((l) => l.split(' ')[1]))).toEqual(new Set(results.map((r) => r.stdout.trim())));
    sb.git(dir, 'fsck', '--strict', '--no-dangling');
  });
});

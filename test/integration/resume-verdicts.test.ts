import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSandbox, type Sandbox } from '../helpers/sandbox.js';

let sb: Sandbox;
beforeAll(() => {
  sb = makeSandbox();
});
afterAll(() => sb.cleanup());

let n = 0;
/** A repository with one commit and a checkpoint saved with `edit.txt` uncommitted (tracked, modified). */
async function savedRepo(setup?: (dir: string) => void): Promise<{ dir: string; id: string; head: string }> {
  const dir = sb.repo(`r${++n}`);
  writeFileSync(join(dir, 'edit.txt'), 'base\n');
  sb.git(dir, 'add', 'edit.txt');
  sb.git(dir, 'commit', '-q', '-m', 'add edit.txt');
  setup?.(dir);
  writeFileSync(join(dir, 'edit.txt'), 'work in progress\n');
  const saved = await sb.ckpt(dir, ['save', '-m', 'verdicts']);
  expect(saved.code).toBe(0);
  return { dir, id: saved.stdout.trim(), head: sb.git(dir, 'rev-parse', 'HEAD').trim() };
}

async function resumeJson(dir: string, args: string[] = []) {
  const res = await sb.ckpt(dir, ['resume', ...args, '--json']);
  return { code: res.code, stderr: res.stderr, ...JSON.parse(res.stdout) };
}

describe('resume and status reconcile on real git', () => {
  it('reports a match right after saving: exit 0, no drift', async () => {
    const { dir, id } = await savedRepo();
    const res = await sb.ckpt(dir, ['resume']);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain(`# Checkpoint ${id}`);
    expect(res.stdout).toContain('- branch: match');
    expect(res.stdout).toContain('- head: same');
    expect(res.stdout).toContain('- worktree: matches the checkpoint');
    const json = await resumeJson(dir);
    expect(json.checkpoint.id).toBe(id);
    expect(json.reconcile).toMatchObject({ branch: { verdict: 'match' }, head: { verdict: 'same' }, drift: false });
    expect(json.reconcile.worktree).toMatchObject({ unrecorded: [], changed: [], resolved: [], absent: [] });
  });

  it('switch branch → mismatch with git switch as the fix; exit 3', async () => {
    const { dir } = await savedRepo();
    sb.git(dir, 'switch', '-q', '-c', 'other');
    const res = await sb.ckpt(dir, ['status']);
    expect(res.code).toBe(3);
    expect(res.stdout).toContain("mismatch: checkpoint on 'main', you are on 'other'");
    expect(res.stdout).toContain('fix: git switch -- main');
    expect(res.stdout).toContain('stop and look');
    expect((await resumeJson(dir, ['latest'])).reconcile.branch).toMatchObject({ verdict: 'mismatch', recorded: 'main', current: 'other' });
  });

  it('deleted branch → missing, suggesting fetch and switch', async () => {
    const { dir } = await savedRepo((d) => sb.git(d, 'switch', '-q', '-c', 'feature'));
    sb.git(dir, 'stash', '-q');
    sb.git(dir, 'switch', '-q', 'main');
    sb.git(dir, 'branch', '-q', '-D', 'feature');
    const json = await resumeJson(dir);
    expect(json.code).toBe(3);
    expect(json.reconcile.branch).toMatchObject({ verdict: 'missing', recorded: 'feature', fix: 'git fetch && git switch -- feature' });
  });

  it('a new commit → ahead, listed, and not drift', async () => {
    const { dir } = await savedRepo();
    writeFileSync(join(dir, 'more.txt'), 'more\n');
    sb.git(dir, 'add', 'more.txt');
    sb.git(dir, 'commit', '-q', '-m', 'add more.txt');
    const json = await resumeJson(dir);
    expect(json.code).toBe(0);
    expect(json.reconcile.head).toMatchObject({ verdict: 'ahead', count: 1, commits: [{ subject: 'add more.txt' }] });
    expect(json.reconcile.drift).toBe(false);
    expect((await sb.ckpt(dir, ['status'])).stdout).toMatch(/ahead: 1 new commit on HEAD since the checkpoint's [0-9a-f]{7}\n\s+[0-9a-f]{7} add more.txt/);
  });

  it('commit --amend → diverged', async () => {
    const { dir } = await savedRepo();
    sb.git(dir, 'commit', '-q', '--amend', '-m', 'reworded');
    const json = await resumeJson(dir);
    expect(json.code).toBe(3);
    expect(json.reconcile.head.verdict).toBe('diverged');
    expect(json.reconcile.head.fix).toMatch(/^git log --oneline --left-right [0-9a-f]{7}\.\.\.HEAD$/);
  });

  it('rebase onto a moved main → diverged', async () => {
    const { dir } = await savedRepo((d) => {
      sb.git(d, 'switch', '-q', '-c', 'topic');
      writeFileSync(join(d, 'topic.txt'), 'topic\n');
      sb.git(d, 'add', 'topic.txt');
      sb.git(d, 'commit', '-q', '-m', 'topic work');
    });
    sb.git(dir, 'stash', '-q');
    sb.git(dir, 'switch', '-q', 'main');
    writeFileSync(join(dir, 'main.txt'), 'main moved\n');
    sb.git(dir, 'add', 'main.txt');
    sb.git(dir, 'commit', '-q', '-m', 'main moves on');
    sb.git(dir, 'switch', '-q', 'topic');
    sb.git(dir, 'rebase', '-q', 'main');
    sb.git(dir, 'stash', 'pop', '-q');
    const json = await resumeJson(dir);
    expect(json.reconcile.branch.verdict).toBe('match');
    expect(json.reconcile.head.verdict).toBe('diverged');
    expect(json.code).toBe(3);
  });

  it('reset to an older commit → behind', async () => {
    const { dir } = await savedRepo();
    sb.git(dir, 'reset', '-q', 'HEAD~1');
    const json = await resumeJson(dir);
    expect(json.reconcile.head).toMatchObject({ verdict: 'behind', count: 1 });
    expect(json.code).toBe(3);
  });

  it('editing a recorded file → changed; a new file → unrecorded; both point at diff', async () => {
    const { dir, id } = await savedRepo();
    writeFileSync(join(dir, 'edit.txt'), 'edited again\n');
    writeFileSync(join(dir, 'fresh.txt'), 'new\n');
    const json = await resumeJson(dir);
    expect(json.code).toBe(3);
    expect(json.reconcile.worktree).toMatchObject({ changed: ['edit.txt'], unrecorded: ['fresh.txt'], fixes: [`git checkpoint diff ${id}`] });
    const diff = await sb.ckpt(dir, ['diff', id]);
    expect(diff.code).toBe(0);
    expect(diff.stdout).toContain('-work in progress\n+edited again');
    expect(diff.stdout).toContain('+++ b/fresh.txt');
  });

  it('diff shows control characters escaped, never raw', async () => {
    const { dir, id } = await savedRepo();
    writeFileSync(join(dir, 'edit.txt'), 'red \x1b[31malert\x1b[0m\n');
    const res = await sb.ckpt(dir, ['diff', id]);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('+red \\x1b[31malert\\x1b[0m');
    expect(res.stdout).not.toContain('\x1b');
  });

  it('committing a recorded file → resolved (and ahead): no drift', async () => {
    const { dir } = await savedRepo();
    sb.git(dir, 'commit', '-q', '-am', 'finish edit');
    const json = await resumeJson(dir);
    expect(json.code).toBe(0);
    expect(json.reconcile.worktree).toMatchObject({ resolved: ['edit.txt'], changed: [], unrecorded: [], absent: [] });
    expect(json.reconcile.head.verdict).toBe('ahead');
  });

  it('discarding the uncommitted work → absent, offering apply, which restores it', async () => {
    const { dir, id } = await savedRepo();
    sb.git(dir, 'checkout', '-q', '--', 'edit.txt');
    const json = await resumeJson(dir);
    expect(json.code).toBe(0);
    expect(json.reconcile.worktree).toMatchObject({ absent: ['edit.txt'], fixes: [`git checkpoint apply ${id}`] });
    expect((await sb.ckpt(dir, ['apply', id])).code).toBe(0);
    expect(sb.git(dir, 'diff', '--', 'edit.txt')).toContain('+work in progress');
    expect(sb.git(dir, 'diff', '--cached', '--name-only')).toBe('');
  });

  it('apply refuses, changing nothing, when a local change would be overwritten', async () => {
    const { dir, id } = await savedRepo();
    writeFileSync(join(dir, 'edit.txt'), 'my own local edit\n');
    const res = await sb.ckpt(dir, ['apply', id]);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('error: your local changes to the following files would be overwritten by apply:\n\tedit.txt');
    expect(sb.git(dir, 'show', ':edit.txt')).toBe('base\n');
    expect(sb.git(dir, 'diff', '--', 'edit.txt')).toContain('+my own local edit');
  });

  it('prints the recap with reconcile verdicts; it reads back through save --input; bad formats are usage errors', async () => {
    const { dir } = await savedRepo();
    writeFileSync(join(dir, 'surprise.txt'), 'nobody recorded me\n');
    const recap = await sb.ckpt(dir, ['resume', '--format', 'recap']);
    expect(recap.code).toBe(3);
    expect(recap.stdout.split('\n')[0]).toBe('SESSION_RECAP/1');
    expect(recap.stdout).toContain('RECONCILE|branch|match');
    expect(recap.stdout).toContain('RECONCILE|worktree|unrecorded|1: surprise.txt');
    expect(recap.stdout).toContain('RECONCILE|drift|yes|');
    const status = await sb.ckpt(dir, ['status', '--format', 'recap']);
    expect(status.code).toBe(3);
    expect(status.stdout).toContain('RECONCILE|drift|yes|');
    const before = JSON.parse((await sb.ckpt(dir, ['show', '--json'])).stdout);
    expect((await sb.ckpt(dir, ['save', '--input', '-'], { input: recap.stdout })).code).toBe(0);
    const after = JSON.parse((await sb.ckpt(dir, ['show', '--json'])).stdout);
    expect(after.task).toEqual(before.task);
    expect(after.nextSteps).toEqual(before.nextSteps);
    const res = await sb.ckpt(dir, ['resume', '--format', 'xml']);
    expect(res.code).toBe(129);
    expect(res.stderr).toContain("invalid value for '--format': 'xml' (expected md, json, recap)");
    expect((await sb.ckpt(dir, ['status', 'extra'])).code).toBe(129);
    expect((await sb.ckpt(dir, ['resume', 'nope'])).code).toBe(1);
  });
});

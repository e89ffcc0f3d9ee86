/**
 * The post-checkout hook reads the git dir's files instead of starting git
 * (SPEC §10: tens of milliseconds beyond node's start-up). What it reads must
 * be what git would answer: the refs `for-each-ref` lists (packed, loose,
 * loose over packed), the branch of a linked worktree, the prompt setting
 * from the hook script; and a large work tree is not scanned at all.
 */
import { symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRefsUnder } from '../../src/git/cli/ref-files.js';
import { makeSandbox, runProcess, type Sandbox } from '../helpers/sandbox.js';

let sb: Sandbox;
beforeAll(() => {
  sb = makeSandbox();
});
afterAll(() => sb.cleanup());

// What the tool reads inside a switch (the installed script only decides whether node starts).
const traced = { GIT_CHECKPOINT_TRACE: '1' };
const gitProcesses = (stderr: string) => stderr.split('\n').filter((l) => l.startsWith('trace: ')).map((l) => l.split(' ')[3]);
const switchTo = (dir: string, branch: string) => runProcess('git', ['switch', branch], dir, { ...sb.env, ...traced });

/** A repository with the hooks installed, a checkpoint on main and a branch `other`. */
async function installed(name: string): Promise<string> {
  const dir = sb.repo(name);
  sb.git(dir, 'branch', 'other');
  expect((await sb.ckpt(dir, ['install', '-q'])).code).toBe(0);
  expect((await sb.ckpt(dir, ['save', '-q', '-m', `work on main in ${name}`])).code).toBe(0);
  return dir;
}

describe('the post-checkout hook reads files, not git', () => {
  it('lists the refs for-each-ref lists, packed, loose and loose over packed', async () => {
    const dir = await installed('refs');
    const tip = sb.git(dir, 'rev-parse', 'HEAD').trim();
    sb.git(dir, 'update-ref', 'refs/checkpoints/remotes/origin/bob-aaaaaa', tip);
    sb.git(dir, 'pack-refs', '--all');
    expect((await sb.ckpt(dir, ['save', '-q', '-m', 'a loose tip over a packed one'])).code).toBe(0);
    sb.git(dir, 'update-ref', 'refs/checkpoints/remotes/up-stream/carol-bbbbbb', tip);
    sb.git(dir, 'update-ref', 'refs/checkpointsX/not-ours', tip);
    const git = sb.git(dir, 'for-each-ref', '--format=%(objectname) %(refname)', 'refs/checkpoints/').trim().split('\n');
    const ours = (await readRefsUnder(join(dir, '.git'), 'refs/checkpoints/'))!.map((r) => `${r.oid} ${r.name}`);
    expect(ours).toEqual(git);
    expect(ours).toHaveLength(3);
    // A symlinked loose ref is git's to resolve.
    symlinkSync(join(dir, '.git', 'refs', 'checkpoints', 'remotes', 'up-stream', 'carol-bbbbbb'), join(dir, '.git', 'refs', 'checkpoints', 'linked-cccccc'));
    expect(await readRefsUnder(join(dir, '.git'), 'refs/checkpoints/')).toBeNull();
  }, 60_000);

  it('starts one git process for a reminder (the status count) and shows the same reminder', async () => {
    const dir = await installed('one-process');
    writeFileSync(join(dir, 'notes.txt'), 'uncommitted\n');
    await switchTo(dir, 'other');
    const res = await switchTo(dir, 'main');
    expect(res.code).toBe(0);
    expect(res.stderr).toContain("checkpoint: left 'other': 1 uncommitted change came along; no checkpoint yet");
    expect(res.stderr).toMatch(/checkpoint: on 'main': "work on main in one-process", just now by /);
    expect(gitProcesses(res.stderr)).toEqual(['status']);
  }, 60_000);

  it('a save keeps its index current: the next switch walks nothing and shows the new checkpoint', async () => {
    const dir = await installed('after-save');
    await switchTo(dir, 'other');
    await switchTo(dir, 'main');
    expect((await sb.ckpt(dir, ['save', '-q', '-m', 'newest on main'])).code).toBe(0);
    const away = await switchTo(dir, 'other');
    expect(away.stderr).toContain("checkpoint: left 'main': no uncommitted changes; last checkpoint just now");
    expect(gitProcesses(away.stderr)).toEqual(['status']);
    const back = await switchTo(dir, 'main');
    expect(back.stderr).toMatch(/checkpoint: on 'main': "newest on main", just now by /);
  }, 60_000);

  it('finds the repository of a linked worktree through its .git file', async () => {
    const dir = await installed('linked');
    const wt = join(sb.root, 'linked-wt');
    sb.git(dir, 'worktree', 'add', '-q', '-b', 'side', wt);
    const res = await switchTo(wt, 'other');
    expect(res.stderr).toContain("checkpoint: left 'side': no uncommitted changes; no checkpoint yet");
    const back = await switchTo(wt, 'side');
    expect(back.stderr).toContain("checkpoint: left 'other'");
    expect(gitProcesses(back.stderr)).toEqual(['status']);
  }, 60_000);

  it('hookPrompt=off starts no node at all; set in any case', async () => {
    const dir = await installed('off');
    sb.git(dir, 'config', 'checkpoint.hookPrompt', 'Off');
    const res = await switchTo(dir, 'other');
    expect(res.code).toBe(0);
    expect(res.stderr).not.toContain('checkpoint:');
    expect(res.stderr).not.toContain('trace:');
  }, 60_000);

  it('does not scan a work tree of more than 20,000 paths: the reminder comes without a count', async () => {
    const dir = await installed('large');
    const blob = sb.gitIn(dir, ['hash-object', '-w', '--stdin'], 'x\n');
    const lines = Array.from({ length: 20_001 }, (_, i) => `100644 ${blob}\tbulk/d${i % 100}/f${i}.txt`).join('\n');
    sb.gitIn(dir, ['update-index', '--index-info'], `${lines}\n`);
    sb.git(dir, 'commit', '-q', '-m', 'many paths');
    sb.git(dir, 'checkout', '-q', '-f', 'main');
    sb.git(dir, 'branch', '-f', 'other');
    await switchTo(dir, 'other');
    const res = await switchTo(dir, 'main');
    expect(res.stderr).toMatch(/checkpoint: left 'other': no checkpoint yet\n/);
    expect(res.stderr).toMatch(/checkpoint: on 'main': "work on main in large"/);
    expect(gitProcesses(res.stderr)).toEqual([]);
  }, 120_000);
});

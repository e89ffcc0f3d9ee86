/**
 * Save what is there, carry forward what is open: nested repositories are
 * recorded by name (never snapshotted, never failing the save), open items
 * carry forward unless closed, and a file kept out of the snapshot keeps no
 * blob id in the record.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSandbox, type Sandbox } from '../helpers/sandbox.js';

let sb: Sandbox;
beforeAll(() => {
  sb = makeSandbox();
});
afterAll(() => sb.cleanup());

const latest = (dir: string) => {
  const writer = sb.git(dir, 'config', 'checkpoint.writer').trim();
  return JSON.parse(sb.git(dir, 'show', `refs/checkpoints/${writer}:checkpoint.json`));
};

describe('nested repositories', () => {
  it('an untracked clone and a worktree inside the tree are recorded by name; save, resume and status work', async () => {
    const dir = sb.repo('outer');
    mkdirSync(join(dir, '.claude', 'worktrees'), { recursive: true });
    sb.git(dir, 'worktree', 'add', '-q', join(dir, '.claude', 'worktrees', 'agent-1'), '-b', 'agent-1');
    sb.git(dir, 'init', '-q', join(dir, 'vendor-clone'));
    writeFileSync(join(dir, 'vendor-clone', 'inside.txt'), 'not ours\n');
    writeFileSync(join(dir, 'notes.txt'), 'uncommitted\n');
    const res = await sb.ckpt(dir, ['save', '-m', 'with nested repos']);
    expect(res.code).toBe(0);
    expect(res.stderr).toContain('not saved in wip: .claude/worktrees/agent-1 (nested repository)');
    const record = latest(dir);
    expect(record.git.worktree.files).toEqual(expect.arrayContaining([
      { path: '.claude/worktrees/agent-1', status: '??', staged: false, oid: null, withheld: 'nested repository' },
      { path: 'vendor-clone', status: '??', staged: false, oid: null, withheld: 'nested repository' },
    ]));
    const wip = sb.git(dir, 'ls-tree', '-r', '--name-only', `${record.git.wip.tree}`);
    expect(wip).toContain('notes.txt');
    expect(wip).not.toContain('vendor-clone');
    expect(wip).not.toContain('agent-1');
    const status = await sb.ckpt(dir, ['status', '--json']);
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout).reconcile.drift).toBe(false);
    // The worktree itself saves too.
    const inner = await sb.ckpt(join(dir, '.claude', 'worktrees', 'agent-1'), ['save', '-m', 'from the agent worktree']);
    expect(inner.code).toBe(0);
    sb.git(dir, 'fsck', '--strict', '--no-dangling');
  });
});

describe('open items carry forward', () => {
  it('carried unless repeated, closed with --done (number or text), or --no-carry', async () => {
    const dir = sb.repo('carry');
    await sb.ckpt(dir, ['save', '-m', 'A', '--next', 'write the lexer', '--next', 'write the parser', '--blocker', 'no grammar yet', '--question', 'LL or LR?']);
    await sb.ckpt(dir, ['save', '-m', 'B', '--next', 'add tests']);
    let r = latest(dir);
    expect(r.nextSteps).toEqual(['add tests', 'write the lexer', 'write the parser']);
    expect(r.blockers).toEqual(['no grammar yet']);
    expect(r.questions).toEqual(['LL or LR?']);
    expect(r.carried).toMatchObject({ nextSteps: 2, blockers: 1, questions: 1 });
    const shown = (await sb.ckpt(dir, ['show', 'latest'])).stdout;
    expect(shown).toMatch(/<!-- carried from \d{8}-\d{6}-[a-z0-9]{4}/);

    // 2 = "write the lexer" (next steps are counted first), and a question closed by its text.
    await sb.ckpt(dir, ['save', '-m', 'C', '--done', '2', '--done', 'll or lr?']);
    r = latest(dir);
    expect(r.nextSteps).toEqual(['add tests', 'write the parser']);
    expect(r.questions).toEqual([]);
    expect(r.done).toEqual(['write the lexer', 'LL or LR?']);
    const unknown = await sb.ckpt(dir, ['save', '-m', 'D', '--done', 'no such item']);
    expect(unknown.code).toBe(129);
    // Another branch does not inherit this branch's open items; back on main they carry again.
    sb.git(dir, 'switch', '-q', '-c', 'feature');
    await sb.ckpt(dir, ['save', '-m', 'on feature']);
    expect(latest(dir).nextSteps).toEqual([]);
    sb.git(dir, 'switch', '-q', 'main');
    await sb.ckpt(dir, ['save', '-m', 'back on main']);
    expect(latest(dir).nextSteps).toEqual(['add tests', 'write the parser']);
    await sb.ckpt(dir, ['save', '-m', 'E', '--no-carry']);
    r = latest(dir);
    expect([r.nextSteps, r.blockers, r.carried]).toEqual([[], [], undefined]);
  });
});

describe('a dropped checkpoint hands nothing forward', () => {
  it('after drop of the last save, the next save continues the one before, not the dropped one', async () => {
    const dir = sb.repo('dropped-last');
    const good = (await sb.ckpt(dir, ['save', '-m', 'good', '--next', 'keep-me'])).stdout.trim();
    const bad = (await sb.ckpt(dir, ['save', '-m', 'bad', '--next', 'secret-plan'])).stdout.trim();
    expect((await sb.ckpt(dir, ['drop', bad])).code).toBe(0);
    expect((await sb.ckpt(dir, ['save', '-m', 'after'])).code).toBe(0);
    const r = latest(dir);
    expect(r.parents).toEqual([good]);
    expect(r.nextSteps).toEqual(['keep-me']);
    expect(JSON.stringify(r)).not.toContain('secret-plan');
  });
});

describe('a file kept out of the snapshot keeps no blob id', () => {
  it('secret content and excluded names: path and reason only', async () => {
    const dir = sb.repo('withheld');
    writeFileSync(join(dir, '.env'), 'PIN=4921\n');
    writeFileSync(join(dir, 'deploy.txt'), `token ghp_${'Ab3De6Gh9J'.repeat(3)}123456\n`);
    writeFileSync(join(dir, 'ok.txt'), 'fine\n');
    expect((await sb.ckpt(dir, ['save', '-m', 'x'])).code).toBe(0);
    const files = latest(dir).git.worktree.files as { path: string; oid: string | null; withheld?: string }[];
    const byPath = new Map(files.map((f) => [f.path, f]));
    expect(byPath.get('.env')).toMatchObject({ oid: null, withheld: 'pattern' });
    expect(byPath.get('deploy.txt')).toMatchObject({ oid: null, withheld: 'secret' });
    expect(byPath.get('ok.txt')?.oid).toBe(sb.git(dir, 'hash-object', 'ok.txt').trim());
    const envBlob = sb.git(dir, 'hash-object', '.env').trim();
    expect(sb.git(dir, 'cat-file', '-p', `refs/checkpoints/${sb.git(dir, 'config', 'checkpoint.writer').trim()}:checkpoint.json`)).not.toContain(envBlob);
  });
});

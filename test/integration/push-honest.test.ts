/**
 * Push only what the user asked for, and say so: `git push --dry-run` sends
 * no checkpoints, `git checkpoint push -n` shows what would move, the hook
 * reads checkpoint.autoPush with git's boolean rules (or `nowip`), says one
 * line when it sends, and stale locks fail at once.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSandbox, runProcess, type Sandbox } from '../helpers/sandbox.js';

let sb: Sandbox;
beforeAll(() => {
  sb = makeSandbox();
});
afterAll(() => sb.cleanup());

const gitRun = (cwd: string, args: string[]) => runProcess('git', args, cwd, sb.env);

/** A repository with a bare origin and the hooks installed; returns [work tree, bare remote]. */
async function installed(name: string): Promise<[string, string]> {
  const dir = sb.repo(name);
  const bare = join(sb.root, `${name}.git`);
  sb.git(sb.root, 'init', '-q', '--bare', bare);
  sb.git(dir, 'remote', 'add', 'origin', bare);
  expect((await sb.ckpt(dir, ['install'])).code).toBe(0);
  return [dir, bare];
}

const remoteChains = (bare: string) => sb.git(bare, 'for-each-ref', '--format=%(refname)', 'refs/checkpoints/', 'refs/notes/').trim();

describe('git push --dry-run and git checkpoint push -n', () => {
  it('transfer nothing; the real push sends and says so in one line', async () => {
    const [dir, bare] = await installed('dry');
    writeFileSync(join(dir, 'draft.txt'), 'uncommitted\n');
    expect((await sb.ckpt(dir, ['save', '-m', 'half done'])).code).toBe(0);
    for (const args of [['push', '--dry-run', 'origin', 'main'], ['push', '-n', 'origin', 'main'], ['push', '-qn', 'origin', 'main']]) {
      const res = await gitRun(dir, args);
      expect(res.code, args.join(' ')).toBe(0);
      expect(res.stderr).not.toContain('checkpoint: pushed');
      expect(remoteChains(bare), args.join(' ')).toBe('');
    }
    const preview = await sb.ckpt(dir, ['push', '-n']);
    expect(preview.code).toBe(0);
    expect(preview.stdout).toContain('would push 1 new checkpoint to origin (1 with snapshots of uncommitted files)');
    expect(remoteChains(bare)).toBe('');
    expect(JSON.parse((await sb.ckpt(dir, ['push', '--dry-run', '--json'])).stdout)).toMatchObject({ dryRun: true, count: 1, ok: true });

    const real = await gitRun(dir, ['push', 'origin', 'main']);
    expect(real.code).toBe(0);
    expect(real.stderr).toContain('checkpoint: pushed 1 checkpoint to origin (1 with snapshots of uncommitted files; git config checkpoint.autoPush nowip sends records only)');
    const writer = sb.git(dir, 'config', 'checkpoint.writer').trim();
    expect(sb.git(bare, 'rev-parse', `refs/checkpoints/${writer}`)).toBe(sb.git(dir, 'rev-parse', `refs/checkpoints/${writer}`));
  });
});

describe('checkpoint.autoPush', () => {
  it('nowip sends the records without their wip trees, and switching modes replaces only the own copies', async () => {
    const [dir, bare] = await installed('nowip');
    const writer = () => sb.git(dir, 'config', 'checkpoint.writer').trim();
    writeFileSync(join(dir, 'secret-plan.txt'), 'the uncommitted plan\n');
    await sb.ckpt(dir, ['save', '-m', 'first']);
    expect((await gitRun(dir, ['push', 'origin', 'main'])).code).toBe(0);
    sb.git(dir, 'config', 'checkpoint.autoPush', 'nowip');
    await sb.ckpt(dir, ['save', '-m', 'second']);
    const push = await gitRun(dir, ['push', 'origin', 'main']);
    expect(push.code).toBe(0);
    expect(push.stderr).not.toContain('warning');
    const chain = `refs/checkpoints/${writer()}`;
    const remoteTrees = sb.git(bare, 'log', '--first-parent', '--format=%T', chain).trim().split('\n');
    expect(remoteTrees).toHaveLength(2);
    for (const tree of remoteTrees) expect(sb.git(bare, 'ls-tree', '--name-only', tree).split('\n')).not.toContain('wip');
    // The records and ids are the same; locally the wip trees stay.
    expect(sb.git(bare, 'log', '--format=%(trailers:key=Checkpoint-Id,valueonly)', chain)).toBe(sb.git(dir, 'log', '--format=%(trailers:key=Checkpoint-Id,valueonly)', chain));
    expect(sb.git(dir, 'ls-tree', '--name-only', chain)).toContain('wip');
    const blobOfPlan = sb.git(dir, 'rev-parse', `${chain}:wip/secret-plan.txt`).trim();
    expect(sb.git(bare, 'rev-list', '--objects', chain)).not.toContain(blobOfPlan);
  });

  it('nowip: a push after prune replaces the twin line, and git checkpoint push sends twins too', async () => {
    const [dir, bare] = await installed('nowip-prune');
    sb.git(dir, 'config', 'checkpoint.autoPush', 'nowip');
    for (const t of ['one', 'two', 'three']) {
      writeFileSync(join(dir, 'draft.txt'), `${t}\n`);
      await sb.ckpt(dir, ['save', '-m', t]);
    }
    expect((await gitRun(dir, ['push', 'origin', 'main'])).code).toBe(0);
    expect((await sb.ckpt(dir, ['prune', '--keep', '1'])).code).toBe(0);
    const push = await sb.ckpt(dir, ['push']);
    expect(push.code, push.stderr).toBe(0);
    const chain = `refs/checkpoints/${sb.git(dir, 'config', 'checkpoint.writer').trim()}`;
    expect(sb.git(bare, 'log', '--format=%s', chain).trim()).toBe('checkpoint: three');
    expect(sb.git(bare, 'ls-tree', '--name-only', chain)).not.toContain('wip');
  });

  it('an invalid value is one warning in the hook and sends nothing; in a command it is fatal, as git says it', async () => {
    const [dir, bare] = await installed('badbool');
    await sb.ckpt(dir, ['save', '-m', 'stays']);
    sb.git(dir, 'config', 'checkpoint.autoPush', 'maybe');
    const push = await gitRun(dir, ['push', 'origin', 'main']);
    expect(push.code).toBe(0);
    expect(push.stderr.split('\n').filter((l) => l.startsWith('warning:'))).toEqual([
      "warning: bad config value 'maybe' for 'checkpoint.autoPush': expected a boolean or nowip: checkpoints not pushed",
    ]);
    expect(remoteChains(bare)).toBe('');
    sb.git(dir, 'config', 'checkpoint.autoPush', 'off');
    expect((await gitRun(dir, ['push', 'origin', 'main'])).code).toBe(0);
    expect(remoteChains(bare)).toBe('');
    sb.git(dir, 'config', 'checkpoint.wip', 'sometimes');
    const save = await sb.ckpt(dir, ['save', '-m', 'x']);
    expect(save.code).toBe(128);
    expect(save.stderr).toContain("fatal: bad boolean config value 'sometimes' for 'checkpoint.wip'");
  });
});

describe('locks, reflogs and warnings', () => {
  it('a stale lock on the chain fails at once naming the file; on the notes ref it is exit 2; reflogs keep every update', async () => {
    const dir = sb.repo('locks');
    expect((await sb.ckpt(dir, ['save', '-m', 'one'])).code).toBe(0);
    const writer = sb.git(dir, 'config', 'checkpoint.writer').trim();
    const lock = join(dir, '.git', 'refs', 'checkpoints', `${writer}.lock`);
    writeFileSync(lock, '');
    const started = Date.now();
    const res = await sb.ckpt(dir, ['save', '-m', 'two']);
    expect(res.code).toBe(1);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(res.stderr).toContain(`cannot lock ref 'refs/checkpoints/${writer}': Unable to create '${lock}': File exists.`);
    expect(res.stderr).toContain(`remove the file manually to continue (rm -- ${lock})`);
    const { rmSync } = await import('node:fs');
    rmSync(lock);
    const notesLock = join(dir, '.git', 'refs', 'notes', 'checkpoints', `${writer}.lock`);
    writeFileSync(notesLock, '');
    const partial = await sb.ckpt(dir, ['save', '-m', 'three']);
    expect(partial.code).toBe(2);
    expect(partial.stderr).toContain('Unable to create');
    rmSync(notesLock);
    expect(sb.git(dir, 'reflog', `refs/checkpoints/${writer}`).trim().split('\n')).toHaveLength(2);
    expect((await sb.ckpt(dir, ['doctor', '--fix'])).code).toBe(0);
    expect(existsSync(join(dir, '.git', 'logs', 'refs', 'notes', 'checkpoints', writer))).toBe(true);
  });

  it('after install, amend and rebase print no warning before the first save', async () => {
    const dir = sb.repo('rewrite-ref');
    expect((await sb.ckpt(dir, ['install'])).code).toBe(0);
    writeFileSync(join(dir, 'a.txt'), 'a\n');
    sb.git(dir, 'add', '.');
    const amend = await gitRun(dir, ['commit', '-q', '--amend', '-m', 'amended']);
    expect([amend.code, amend.stderr]).toEqual([0, '']);
    sb.git(dir, 'commit', '-q', '--allow-empty', '-m', 'two');
    sb.git(dir, 'commit', '-q', '--allow-empty', '-m', 'three');
    const rebase = await runProcess('git', ['rebase', '-q', '--exec', 'true', 'HEAD~2'], dir, { ...sb.env, GIT_EDITOR: 'true' });
    expect(rebase.code).toBe(0);
    expect(rebase.stderr).not.toContain('warning');
    // And once saved, notes still follow an amend.
    const id = (await sb.ckpt(dir, ['save', '-m', 'on three'])).stdout.trim();
    sb.git(dir, 'commit', '-q', '--amend', '--allow-empty', '-m', 'three, amended');
    expect(sb.git(dir, 'log', '-1', '--notes=refs/notes/checkpoints/*', '--format=%N')).toContain(id);
  });
});

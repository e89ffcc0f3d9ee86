/** The installed hooks on real git (SPEC §10): reminders, silence, push along, failure containment, switch. */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSandbox, runProcess, type Sandbox } from '../helpers/sandbox.js';

let sb: Sandbox;
beforeAll(() => {
  sb = makeSandbox();
});
afterAll(() => sb.cleanup());

const gitRun = (cwd: string, args: string[], env: Record<string, string> = {}) => runProcess('git', args, cwd, { ...sb.env, ...env });

/** A repository with a bare origin, a second branch `other` one commit ahead, and the hooks installed. */
async function installedRepo(name: string): Promise<string> {
  const dir = sb.repo(name);
  sb.git(sb.root, 'init', '-q', '--bare', `${name}.git`);
  sb.git(dir, 'remote', 'add', 'origin', join(sb.root, `${name}.git`));
  sb.git(dir, 'switch', '-q', '-c', 'other');
  writeFileSync(join(dir, 'other.txt'), 'other\n');
  sb.git(dir, 'add', '.');
  sb.git(dir, 'commit', '-q', '-m', 'other work');
  sb.git(dir, 'switch', '-q', 'main');
  const res = await sb.ckpt(dir, ['install']);
  expect(res.code).toBe(0);
  return dir;
}

describe('post-checkout', () => {
  it('reminds what was left and what waits, and never changes git switch’s exit code', async () => {
    const dir = await installedRepo('remind');
    writeFileSync(join(dir, 'draft.txt'), 'half done\n');
    const first = await gitRun(dir, ['switch', 'other']);
    expect(first.code).toBe(0);
    expect(first.stderr).toContain("checkpoint: left 'main': 1 uncommitted change came along; no checkpoint yet");
    expect(first.stderr).toContain('git checkpoint save --branch main -m "<what you were doing>"');
    await sb.ckpt(dir, ['save', '-m', 'Wire the retry loop']);
    const back = await gitRun(dir, ['switch', 'main']);
    expect(back.stderr).toMatch(/left 'other': 1 uncommitted change came along; last checkpoint (just now|\d+ \w+ ago)/);
    const again = await gitRun(dir, ['switch', 'other']);
    expect(again.code).toBe(0);
    expect(again.stderr).toMatch(/checkpoint: on 'other': "Wire the retry loop", (just now|\d+ \w+ ago) by ada-[a-z0-9]{6}/);
    expect(again.stderr).toContain('git checkpoint resume');

    // A chain that moved since the last switch is read incrementally (from the old tips on).
    await sb.ckpt(dir, ['save', '-m', 'Second thoughts on the retry loop']);
    const away = await gitRun(dir, ['switch', 'main']);
    expect(away.stderr).not.toContain('hook failed');
    const returned = await gitRun(dir, ['switch', 'other']);
    expect(returned.stderr).not.toContain('hook failed');
    expect(returned.stderr).toMatch(/checkpoint: on 'other': "Second thoughts on the retry loop"/);

    const faulty = await gitRun(dir, ['switch', 'main'], { GIT_CHECKPOINT_HOOK_FAULT: 'post-checkout' });
    expect(faulty.code).toBe(0);
    expect(faulty.stderr).toContain('warning: git-checkpoint post-checkout hook failed: injected fault');
    expect((await gitRun(dir, ['switch', 'other'], { GIT_CHECKPOINT_SKIP: '1' })).stderr).not.toContain('checkpoint');
    sb.git(dir, 'config', 'checkpoint.hookPrompt', 'off');
    // Off is off: no status, no walk of the chains, only what opening the repository costs.
    const off = await gitRun(dir, ['switch', 'main'], { GIT_CHECKPOINT_TRACE: '1' });
    expect(off.stderr).not.toContain('checkpoint');
    expect(off.stderr.split('\n').filter((l) => l.startsWith('trace:')).map((l) => l.split(' ')[3])).toEqual(expect.not.arrayContaining(['status', 'log', 'for-each-ref']));
  });

  it('says nothing during clone, rebase, bisect, worktree add and path checkouts', async () => {
    const dir = await installedRepo('silent');
    const shared = join(sb.root, 'silent-hooks');
    mkdirSync(shared);
    await sb.ckpt(dir, ['save', '-m', 'something to remind about']);
    const quiet = (r: { stderr: string; stdout: string }) => `${r.stdout}${r.stderr}`;
    writeFileSync(join(dir, 'README.md'), 'changed\n');
    const pathCheckout = await gitRun(dir, ['checkout', '--', 'README.md']);
    expect(quiet(pathCheckout)).not.toMatch(/checkpoint/);

    // Hooks are not copied by clone: point the clone at the installed ones.
    const clone = await gitRun(sb.root, ['-c', `core.hooksPath=${join(dir, '.git', 'hooks')}`, 'clone', '-q', dir, 'silent-clone']);
    expect(clone.code).toBe(0);
    expect(quiet(clone)).toBe('');

    sb.git(dir, 'switch', '-q', 'other');
    writeFileSync(join(dir, 'main-only.txt'), 'x\n');
    sb.git(dir, 'switch', '-q', 'main');
    sb.git(dir, 'add', 'main-only.txt');
    sb.git(dir, 'commit', '-q', '-m', 'main moves on');
    const rebase = await gitRun(dir, ['rebase', 'main', 'other']);
    expect(rebase.code).toBe(0);
    expect(rebase.stderr).not.toMatch(/checkpoint:/);

    const bisect = [
      await gitRun(dir, ['bisect', 'start', 'other', 'main~1']),
      await gitRun(dir, ['bisect', 'good']),
      await gitRun(dir, ['bisect', 'reset']),
    ];
    for (const step of bisect) expect(step.stderr).not.toMatch(/checkpoint:/);

    const wt = await gitRun(dir, ['worktree', 'add', '-q', join(sb.root, 'silent-wt'), 'main~1']);
    expect(wt.code).toBe(0);
    expect(quiet(wt)).toBe('');
  });

  it("the reminder's node skips NODE_EXTRA_CA_CERTS (it opens no connection); a hook kept from before install still sees it", async () => {
    const dir = await installedRepo('ca-certs');
    const hooks = join(dir, '.git', 'hooks');
    writeFileSync(join(hooks, 'post-checkout.before-git-checkpoint'), '#!/bin/sh\necho "kept hook sees: $NODE_EXTRA_CA_CERTS" >&2\n', { mode: 0o755 });
    // Node reads the variable before any code runs, and warns when the file is missing.
    const res = await gitRun(dir, ['switch', 'other'], { NODE_EXTRA_CA_CERTS: join(sb.root, 'no-such-bundle.pem') });
    expect(res.code).toBe(0);
    expect(res.stderr).toContain("checkpoint: left 'main'");
    expect(res.stderr).not.toContain('extra certs');
    expect(res.stderr).toContain(`kept hook sees: ${join(sb.root, 'no-such-bundle.pem')}`);
  });

  it('asks nothing and never blocks when hookPrompt=ask has no terminal', async () => {
    const dir = await installedRepo('ask');
    sb.git(dir, 'config', 'checkpoint.hookPrompt', 'ask');
    // setsid: no controlling terminal, as in CI or an editor's git integration.
    const res = await runProcess('setsid', ['git', 'switch', 'other'], dir, sb.env);
    expect(res.code).toBe(0);
    expect(res.stderr).toContain("checkpoint: left 'main'");
    expect(sb.git(dir, 'for-each-ref', 'refs/checkpoints/')).toBe('');
  });

  it('hookPrompt=ask reads one line from the terminal and saves it for the branch left', async () => {
    const dir = await installedRepo('ask-tty');
    sb.git(dir, 'config', 'checkpoint.hookPrompt', 'ask');
    writeFileSync(join(dir, 'draft.txt'), 'half done\n');
    // script(1) gives git a terminal; answer once the question shows (no sleeps).
    const child = spawn('script', ['-qec', 'git switch other', '/dev/null'], { cwd: dir, env: sb.env });
    let seen = '';
    let answered = false;
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      seen += d;
      if (!answered && seen.includes('what were you doing')) {
        answered = true;
        child.stdin.write('Sketch the parser\r');
      }
    });
    const guard = setTimeout(() => child.kill(), 20_000); // bounded: a hook that never asks must not hang the suite
    const code = await new Promise<number | null>((done) => child.on('close', done));
    clearTimeout(guard);
    expect(code).toBe(0);
    expect(seen).toMatch(/checkpoint: saved \d{8}-\d{6}-[a-z0-9]{4} for 'main'/);
    const list = JSON.parse((await sb.ckpt(dir, ['list', '--json'])).stdout);
    expect(list.checkpoints[0]).toMatchObject({ title: 'Sketch the parser', branch: 'main' });
  });
});

describe('without git-checkpoint on PATH', () => {
  it('git switch and git push still succeed with one hint line each', async () => {
    const dir = await installedRepo('nopath');
    // Only git on PATH: git-checkpoint may be installed system-wide next to git itself.
    const gitOnly = join(sb.root, 'git-only');
    mkdirSync(gitOnly);
    symlinkSync(execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim(), join(gitOnly, 'git'));
    const bare = { ...sb.env, PATH: gitOnly };
    const sw = await runProcess('git', ['switch', 'other'], dir, bare);
    expect(sw.code).toBe(0);
    expect(sw.stderr.split('\n').filter((l) => l.startsWith('hint:'))).toEqual([
      'hint: git-checkpoint is not on PATH: no checkpoint reminder (git checkpoint uninstall removes this hook)',
    ]);
    const push = await runProcess('git', ['push', '-q', 'origin', 'other'], dir, bare);
    expect(push.code).toBe(0);
    expect(push.stderr.trim()).toBe('hint: git-checkpoint is not on PATH: checkpoints not pushed along (git checkpoint uninstall removes this hook)');
  });
});

describe('sharing through plain git fetch and push', () => {
  it('a plain push carries own checkpoints, a plain fetch brings a teammate’s, git log shows notes', async () => {
    const a = await installedRepo('share-a');
    const idA = (await sb.ckpt(a, ['save', '-m', 'from A'])).stdout.trim();
    expect((await gitRun(a, ['push', '-q', 'origin', 'main'])).code).toBe(0);
    const writerA = sb.git(a, 'config', 'checkpoint.writer').trim();

    sb.git(sb.root, 'clone', '-q', join(sb.root, 'share-a.git'), 'share-b');
    const b = join(sb.root, 'share-b');
    expect((await sb.ckpt(b, ['install'])).code).toBe(0);
    sb.git(b, 'fetch', '-q');
    expect(sb.git(b, 'for-each-ref', '--format=%(refname)', 'refs/checkpoints/')).toContain(`refs/checkpoints/remotes/origin/${writerA}`);
    expect(sb.git(b, 'log', '-1', 'main')).toContain(`checkpoint ${idA} on main: from A`);

    const idB = (await sb.ckpt(b, ['save', '-m', 'from B'])).stdout.trim();
    writeFileSync(join(b, 'b.txt'), 'b\n');
    sb.git(b, 'add', '.');
    sb.git(b, 'commit', '-q', '-m', 'B works');
    const push = await gitRun(b, ['push', '-q', 'origin', 'main']);
    expect(push.code).toBe(0);
    expect(push.stderr).toBe('');
    const writerB = sb.git(b, 'config', 'checkpoint.writer').trim();
    const remoteRefs = sb.git(join(sb.root, 'share-a.git'), 'for-each-ref', '--format=%(refname)');
    expect(remoteRefs).toContain(`refs/checkpoints/${writerB}`);
    expect(remoteRefs).toContain(`refs/notes/checkpoints/${writerB}`);
    sb.git(a, 'fetch', '-q');
    expect((await sb.ckpt(a, ['show', idB, '--json'])).stdout).toContain('"from B"');
  });

  it('a git push sends checkpoints only when they moved: not after checkpoint push, yes after an amend moved the notes', async () => {
    const dir = await installedRepo('push-only-moved');
    const remote = join(sb.root, 'push-only-moved.git');
    await sb.ckpt(dir, ['save', '-m', 'on the first commit']);
    expect((await sb.ckpt(dir, ['push'])).code).toBe(0);
    const writer = sb.git(dir, 'config', 'checkpoint.writer').trim();
    const notes = `refs/notes/checkpoints/${writer}`;
    // The hook's own git commands show with the trace on: a push of checkpoints is `git push --porcelain`.
    const hookPushed = (stderr: string) => /^trace: .* git push --porcelain/m.test(stderr);
    const first = await gitRun(dir, ['push', '-q', 'origin', 'main'], { GIT_CHECKPOINT_TRACE: '1' });
    expect(first.code).toBe(0);
    expect(hookPushed(first.stderr)).toBe(false);

    // notes.rewriteRef (set by install) copies the note to the amended commit: only the notes moved.
    sb.git(dir, 'commit', '-q', '--amend', '-m', 'amended');
    expect(sb.git(dir, 'rev-parse', notes)).not.toBe(sb.git(remote, 'rev-parse', notes));
    const second = await gitRun(dir, ['push', '-q', '-f', 'origin', 'main'], { GIT_CHECKPOINT_TRACE: '1' });
    expect(second.code).toBe(0);
    expect(hookPushed(second.stderr)).toBe(true);
    expect(sb.git(remote, 'rev-parse', notes)).toBe(sb.git(dir, 'rev-parse', notes));
    expect(sb.git(remote, 'log', '-1', `--notes=${notes}`, '--format=%s%n%N', 'main')).toContain('on the first commit');
  });

  it('pushes along to checkpoint.remote (even one with only a pushurl), or to the remote pre-commit names', async () => {
    const dir = await installedRepo('push-where');
    const apart = join(sb.root, 'push-where-checkpoints.git');
    sb.git(sb.root, 'init', '-q', '--bare', apart);
    sb.git(dir, 'config', 'remote.ckpts.pushurl', apart);
    sb.git(dir, 'config', 'checkpoint.remote', 'ckpts');
    await sb.ckpt(dir, ['save', '-m', 'kept apart']);
    const writer = sb.git(dir, 'config', 'checkpoint.writer').trim();
    const push = await gitRun(dir, ['push', '-q', 'origin', 'main']);
    expect([push.code, push.stderr]).toEqual([0, '']);
    expect(sb.git(apart, 'rev-parse', `refs/checkpoints/${writer}`)).toBe(sb.git(dir, 'rev-parse', `refs/checkpoints/${writer}`));
    expect(sb.git(join(sb.root, 'push-where.git'), 'for-each-ref', 'refs/checkpoints/')).toBe('');

    sb.git(dir, 'config', '--unset', 'checkpoint.remote');
    const viaPreCommit = await sb.ckpt(dir, ['hook', 'pre-push'], { env: { PRE_COMMIT_REMOTE_NAME: 'origin' } });
    expect([viaPreCommit.code, viaPreCommit.stderr]).toEqual([0, 'checkpoint: pushed 1 checkpoint to origin (records only, no uncommitted files)\n']);
    expect(sb.git(join(sb.root, 'push-where.git'), 'rev-parse', `refs/checkpoints/${writer}`)).toBe(sb.git(dir, 'rev-parse', `refs/checkpoints/${writer}`));
  });

  it('a git push to a remote named -u carries the checkpoints along; fetch and printed commands take it after --', async () => {
    const dir = sb.repo('dash-remote');
    const remote = join(sb.root, 'dash-remote.git');
    sb.git(sb.root, 'init', '-q', '--bare', remote);
    sb.git(dir, 'remote', 'add', '--', '-u', remote);
    sb.git(dir, 'config', 'checkpoint.remote', '-u');
    const install = await sb.ckpt(dir, ['install']);
    expect(install.code, install.stderr).toBe(0);
    expect(install.stdout).toContain('remote.-u.fetch += +refs/checkpoints/*:refs/checkpoints/remotes/-u/*');
    sb.git(dir, 'config', '--unset', 'checkpoint.remote');
    await sb.ckpt(dir, ['save', '-m', 'to a dashing remote']);
    const writer = sb.git(dir, 'config', 'checkpoint.writer').trim();
    const push = await gitRun(dir, ['push', '--', '-u', 'main']);
    expect(push.code).toBe(0);
    expect(push.stderr).not.toContain('unknown option');
    expect(push.stderr).toContain('checkpoint: pushed 1 checkpoint to -u');
    expect(sb.git(remote, 'rev-parse', `refs/checkpoints/${writer}`)).toBe(sb.git(dir, 'rev-parse', `refs/checkpoints/${writer}`));
    // A plain git fetch through the refspecs install wrote, and the fetch command, after --.
    sb.git(remote, 'update-ref', 'refs/checkpoints/bob-bbbbbb', sb.git(dir, 'rev-parse', `refs/checkpoints/${writer}`).trim());
    sb.git(dir, 'fetch', '-q', '--', '-u');
    expect(sb.git(dir, 'for-each-ref', '--format=%(refname)', 'refs/checkpoints/remotes/')).toContain('refs/checkpoints/remotes/-u/bob-bbbbbb');
    expect((await sb.ckpt(dir, ['fetch', '--', '-u'])).code).toBe(0);
    sb.git(dir, 'config', 'remote.-u.url', join(sb.root, 'nowhere.git'));
    const failed = await sb.ckpt(dir, ['push', '--', '-u']);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('hint: check the remote with: git ls-remote -- -u');
  });

  it('after a drop, a plain git push replaces the rewritten chain on the remote, with no warning', async () => {
    const dir = await installedRepo('push-after-drop');
    const remote = join(sb.root, 'push-after-drop.git');
    await sb.ckpt(dir, ['save', '-m', 'keep me']);
    await sb.ckpt(dir, ['save', '-m', 'drop me', 'oops']);
    expect((await gitRun(dir, ['push', '-q', 'origin', 'main'])).code).toBe(0);
    const writer = sb.git(dir, 'config', 'checkpoint.writer').trim();
    expect(sb.git(remote, 'rev-list', '--count', `refs/checkpoints/${writer}`).trim()).toBe('2');
    expect((await sb.ckpt(dir, ['drop', 'oops'])).code).toBe(0);
    sb.git(dir, 'commit', '-q', '--allow-empty', '-m', 'more code');
    const second = await gitRun(dir, ['push', '-q', 'origin', 'main']);
    expect(second.code).toBe(0);
    expect(second.stderr).not.toContain('warning');
    expect(sb.git(remote, 'log', '--format=%s', `refs/checkpoints/${writer}`).trim()).toBe('checkpoint: keep me');
  });

  it('checkpoint.autoPush=false keeps them home; a refused checkpoint push is one warning, the code push succeeds', async () => {
    const dir = await installedRepo('nopush');
    await sb.ckpt(dir, ['save', '-m', 'stays here']);
    sb.git(dir, 'config', 'checkpoint.autoPush', 'false');
    expect((await gitRun(dir, ['push', '-q', 'origin', 'main'])).code).toBe(0);
    const remote = join(sb.root, 'nopush.git');
    expect(sb.git(remote, 'for-each-ref', 'refs/checkpoints/')).toBe('');

    sb.git(dir, 'config', 'checkpoint.autoPush', 'true');
    writeFileSync(join(remote, 'hooks', 'pre-receive'), '#!/bin/sh\nwhile read o n ref; do case "$ref" in refs/checkpoints/*) echo "no checkpoints here" >&2; exit 1;; esac; done\n');
    sb.git(remote, 'config', 'core.hooksPath', join(remote, 'hooks'));
    const { chmodSync } = await import('node:fs');
    chmodSync(join(remote, 'hooks', 'pre-receive'), 0o755);
    const push = await gitRun(dir, ['push', '-q', 'origin', 'other']);
    expect(push.code).toBe(0);
    const warnings = push.stderr.split('\n').filter((l) => l.startsWith('warning:'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^warning: checkpoints not pushed to origin: /);
    expect(sb.git(remote, 'for-each-ref', '--format=%(refname)')).toContain('refs/heads/other');
  });
});

describe('git checkpoint switch', () => {
  it('saves the uncommitted work for the branch left, then switches; git’s errors pass through', async () => {
    const dir = await installedRepo('switch');
    writeFileSync(join(dir, 'wip.txt'), 'unfinished\n');
    const res = await sb.ckpt(dir, ['switch', 'other', '-m', 'Halfway through the parser']);
    expect(res.code).toBe(0);
    expect(res.stderr).toMatch(/checkpoint: saved \d{8}-\d{6}-[a-z0-9]{4}/);
    expect(res.stderr).toContain("Switched to branch 'other'");
    expect(sb.git(dir, 'branch', '--show-current').trim()).toBe('other');
    const list = JSON.parse((await sb.ckpt(dir, ['list', '--json'])).stdout);
    expect(list.checkpoints[0]).toMatchObject({ title: 'Halfway through the parser', branch: 'main' });

    const missing = await sb.ckpt(dir, ['switch', 'no-such-branch']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('fatal: invalid reference: no-such-branch');
    expect(missing.stderr).not.toContain('checkpoint: saved');

    // git would refuse (an untracked file in the way): nothing is saved, git says why, exit 1.
    writeFileSync(join(dir, 'wip.txt'), 'more\n');
    sb.git(dir, 'switch', '-q', 'main');
    writeFileSync(join(dir, 'other.txt'), 'in the way\n');
    const refused = await sb.ckpt(dir, ['switch', 'other', '-m', 'Blocked by a stray file']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('would be overwritten by checkout');
    expect(refused.stderr).toContain('hint: no checkpoint saved: local changes would be overwritten by the switch');
    expect(refused.stderr).not.toContain('checkpoint: saved');
    expect(sb.git(dir, 'branch', '--show-current').trim()).toBe('main');
    expect(JSON.parse((await sb.ckpt(dir, ['list', '--json'])).stdout).total).toBe(1);

    // A no-op (already on the branch) and -c of an existing branch save nothing either.
    const noop = await sb.ckpt(dir, ['switch', 'main', '-m', 'nothing to leave']);
    expect(noop.code).toBe(0);
    expect(noop.stderr).toContain("Already on 'main'");
    const exists = await sb.ckpt(dir, ['switch', '-c', 'other', '-m', 'exists already']);
    expect(exists.code).toBe(1);
    expect(exists.stderr).toContain("a branch named 'other' already exists");
    const badStart = await sb.ckpt(dir, ['switch', '-c', 'fresh', 'nosuchref', '-m', 'bad start point']);
    expect(badStart.code).toBe(1);
    expect(badStart.stderr).not.toContain('checkpoint: saved');
    expect(JSON.parse((await sb.ckpt(dir, ['list', '--json'])).stdout).total).toBe(1);
    rmSync(join(dir, 'other.txt'));
    const saved = await sb.ckpt(dir, ['switch', 'other', '-m', 'Left main for other']);
    expect(saved.code).toBe(0);
    expect(JSON.parse((await sb.ckpt(dir, ['list', '--json'])).stdout).checkpoints[0]).toMatchObject({ title: 'Left main for other', branch: 'main' });
    sb.git(dir, 'switch', '-q', 'main');

    sb.git(dir, 'stash', '-u', '-q');
    sb.git(dir, 'switch', '-q', 'other');
    const clean = await sb.ckpt(dir, ['switch', 'main']);
    expect(clean.code).toBe(0);
    expect(clean.stderr).not.toContain('checkpoint: saved');
    expect(JSON.parse((await sb.ckpt(dir, ['list', '--json'])).stdout).total).toBe(2);
    expect(readFileSync(join(dir, '.git', 'HEAD'), 'utf8').trim()).toBe('ref: refs/heads/main');
  });
});

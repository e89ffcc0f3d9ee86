/**
 * The loader starts the first git commands of save, status, resume, list,
 * show, fetch and push while the bundle compiles (SPEC §11), and the object
 * reader (cat-file --batch) of the commands that read a record. A result is
 * used only by the call it was started for — same arguments, directory and
 * environment — and one nobody asks for never holds the command.
 */
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLE, makeSandbox, runProcess, TIMED_OUT, type Sandbox } from '../helpers/sandbox.js';

let sb: Sandbox;
beforeAll(() => {
  sb = makeSandbox();
});
afterAll(() => sb.cleanup());

const traced = (stderr: string, command: string) => stderr.split('\n').filter((l) => l.startsWith('trace: ') && l.includes(`git ${command} `));

describe('git started before the bundle loads', () => {
  it('save at the top of the work tree uses the status and config started early, and records what they saw', async () => {
    const dir = sb.repo('early-top');
    writeFileSync(join(dir, 'draft.txt'), 'half done\n');
    const res = await sb.ckpt(dir, ['save', '-m', 'early'], { env: { GIT_CHECKPOINT_TRACE: '1' } });
    expect(res.code, res.stderr).toBe(0);
    expect(traced(res.stderr, 'status')).toEqual([expect.stringMatching(/\(started early\)$/)]);
    // The first read of config; the first save sets checkpoint.writer and reads it again.
    expect(traced(res.stderr, 'config -z --list')[0]).toMatch(/\(started early\)$/);
    const record = JSON.parse(sb.git(dir, 'show', 'refs/checkpoints/' + sb.git(dir, 'config', 'checkpoint.writer').trim() + ':checkpoint.json'));
    expect(JSON.stringify(record.git.worktree)).toContain('draft.txt');
  });

  it('fetch and push read the config started early', async () => {
    const dir = sb.repo('early-share');
    sb.git(sb.root, 'init', '-q', '--bare', 'early-share.git');
    sb.git(dir, 'remote', 'add', 'origin', join(sb.root, 'early-share.git'));
    expect((await sb.ckpt(dir, ['save', '-q', '-m', 'to share'])).code).toBe(0);
    for (const args of [['push', 'origin'], ['fetch', 'origin']]) {
      const res = await sb.ckpt(dir, args, { env: { GIT_CHECKPOINT_TRACE: '1' } });
      expect(res.code, res.stderr).toBe(0);
      expect(traced(res.stderr, 'config -z --list')[0], args[0]).toMatch(/\(started early\)$/);
    }
    // What fetch holds before it fetches comes from the for-each-ref the loader started; the count is still right.
    sb.git(dir, 'update-ref', 'refs/checkpoints/remotes/origin/' + sb.git(dir, 'config', 'checkpoint.writer').trim(), 'HEAD');
    const again = await sb.ckpt(dir, ['fetch', 'origin', '--json'], { env: { GIT_CHECKPOINT_TRACE: '1' } });
    expect(again.code, again.stderr).toBe(0);
    expect(traced(again.stderr, 'for-each-ref --format=%(objectname) %(refname) refs/checkpoints/')).toEqual([expect.stringMatching(/\(started early\)$/)]);
    expect(JSON.parse(again.stdout)).toMatchObject({ count: 1, rewritten: [expect.any(String)] });
  });

  it('show, resume and status read objects through the reader started early at the top of the work tree, through their own elsewhere', async () => {
    const dir = sb.repo('early-objects');
    expect((await sb.ckpt(dir, ['save', '-q', '-m', 'read early'])).code).toBe(0);
    for (const args of [['show'], ['resume'], ['status']]) {
      const res = await sb.ckpt(dir, args, { env: { GIT_CHECKPOINT_TRACE: '1' } });
      expect(res.code, res.stderr).toBe(0);
      expect(res.stdout, args[0]).toContain('read early');
      expect(traced(res.stderr, 'cat-file --batch'), args[0]).toEqual([expect.stringMatching(/\(started early\)$/)]);
    }
    mkdirSync(join(dir, 'sub'));
    const sub = await sb.ckpt(join(dir, 'sub'), ['show'], { env: { GIT_CHECKPOINT_TRACE: '1' } });
    expect(sub.stdout).toContain('read early');
    expect(traced(sub.stderr, 'cat-file --batch')).toEqual([expect.stringMatching(/\(started\)$/)]);
  });

  it('an early reader that ended before it was taken is not used: the command starts its own', async () => {
    const dir = sb.repo('early-objects-gone');
    expect((await sb.ckpt(dir, ['save', '-q', '-m', 'still readable'])).code).toBe(0);
    // The first cat-file of the run (the early one) ends at once, as one killed would.
    const bin = join(sb.root, 'gone-git');
    mkdirSync(bin);
    const real = sb.git(dir, '--exec-path').trim();
    const marker = join(sb.root, 'gone-git-used');
    writeFileSync(join(bin, 'git'), `#!/bin/sh\nif [ "$1" = cat-file ] && [ ! -e '${marker}' ]; then : > '${marker}'; exit 1; fi\nexec "${real}/git" "$@"\n`);
    chmodSync(join(bin, 'git'), 0o755);
    const env = { ...sb.env, PATH: `${bin}:${sb.env.PATH}`, GIT_CHECKPOINT_TRACE: '1' };
    const res = await runProcess(process.execPath, [BUNDLE, 'show'], dir, env, undefined, 20_000);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain('still readable');
    expect(traced(res.stderr, 'cat-file --batch')).toEqual([expect.stringMatching(/\(started\)$/)]);
  });

  it('runs its own status from a subdirectory, and nothing early with -C', async () => {
    const dir = sb.repo('early-sub');
    mkdirSync(join(dir, 'sub'));
    writeFileSync(join(dir, 'sub', 'draft.txt'), 'half done\n');
    const sub = await sb.ckpt(join(dir, 'sub'), ['save', '-m', 'from sub'], { env: { GIT_CHECKPOINT_TRACE: '1' } });
    expect(sub.code, sub.stderr).toBe(0);
    expect(traced(sub.stderr, 'status')).toEqual([expect.not.stringMatching(/started early/)]);
    expect(traced(sub.stderr, 'config -z --list')[0]).toMatch(/\(started early\)$/);
    const moved = await sb.ckpt(sb.root, ['-C', dir, 'save', '-m', 'with -C'], { env: { GIT_CHECKPOINT_TRACE: '1' } });
    expect(moved.code, moved.stderr).toBe(0);
    expect(moved.stderr).not.toContain('started early');
    expect(traced(moved.stderr, 'status')).toHaveLength(1);
  });

  it('a git started early and never asked for does not hold the command', async () => {
    // A git whose status takes a minute: `save -h` needs no status and must not wait for it.
    const dir = sb.repo('early-unused');
    const bin = join(sb.root, 'slow-git');
    mkdirSync(bin);
    const real = sb.git(dir, '--exec-path').trim();
    writeFileSync(join(bin, 'git'), `#!/bin/sh\n[ "$1" = status ] && sleep 60\nexec "${real}/git" "$@"\n`);
    chmodSync(join(bin, 'git'), 0o755);
    // Run directly: `git checkpoint` would put git's own exec path first on PATH.
    const env = { ...sb.env, PATH: `${bin}:${sb.env.PATH}` };
    const res = await runProcess(process.execPath, [BUNDLE, 'save', '-h'], dir, env, undefined, 20_000);
    expect(res.code).not.toBe(TIMED_OUT);
    expect(res.code).toBe(129);
    // An object reader waits for names on its stdin until the command ends: one never taken must not hold it.
    const shown = await runProcess(process.execPath, [BUNDLE, 'show', '-h'], dir, env, undefined, 20_000);
    expect(shown.code).toBe(129);
  });
});

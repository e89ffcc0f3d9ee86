/** install / uninstall on real git (SPEC §10): hooks, foreign hooks, hook managers, config. */
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSandbox, runProcess, type Sandbox } from '../helpers/sandbox.js';

let sb: Sandbox;
beforeAll(() => {
  sb = makeSandbox();
});
afterAll(() => sb.cleanup());

const gitRun = (cwd: string, args: string[], env: Record<string, string> = {}, input?: string) =>
  runProcess('git', args, cwd, { ...sb.env, ...env }, input);
const localConfig = (dir: string) => sb.git(dir, 'config', '--local', '--list');

/** A repository with a bare remote called origin. */
function repoWithRemote(name: string): string {
  const dir = sb.repo(name);
  sb.git(sb.root, 'init', '-q', '--bare', `${name}.git`);
  sb.git(dir, 'remote', 'add', 'origin', join(sb.root, `${name}.git`));
  return dir;
}

function writeHook(dir: string, name: string, body: string): string {
  const path = join(dir, '.git', 'hooks', name);
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
  return path;
}

describe('install / uninstall', () => {
  it('installs hooks and config, is idempotent, and uninstall removes exactly that', async () => {
    const dir = repoWithRemote('plain');
    sb.git(dir, 'config', 'notes.displayRef', 'refs/notes/mine');
    const before = localConfig(dir);
    const first = await sb.ckpt(dir, ['install']);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('post-checkout installed');
    expect(first.stdout).toContain('git config checkpoint.autoPush false');
    expect(first.stdout).toContain('git config checkpoint.wip false');
    const writer = sb.git(dir, 'config', 'checkpoint.writer').trim();
    expect(sb.git(dir, 'config', '--get-all', 'remote.origin.fetch').split('\n')).toEqual(expect.arrayContaining([
      '+refs/checkpoints/*:refs/checkpoints/remotes/origin/*', '^refs/checkpoints/remotes/*',
      '+refs/notes/checkpoints/*:refs/notes/checkpoints/remotes/origin/*', '^refs/notes/checkpoints/remotes/*',
      `^refs/notes/checkpoints/${writer}`,
    ]));
    expect(sb.git(dir, 'config', '--get-all', 'notes.displayRef').trim().split('\n')).toEqual(['refs/notes/mine', 'refs/notes/checkpoints/*']);
    expect(sb.git(dir, 'config', 'notes.rewriteRef').trim()).toBe(`refs/notes/checkpoints/${writer.slice(0, -1)}[${writer.slice(-1)}]`);
    const hooks = join(dir, '.git', 'hooks');
    expect(readFileSync(join(hooks, 'post-checkout'), 'utf8')).toContain('# managed-by: git-checkpoint');
    expect(statSync(join(hooks, 'pre-push')).mode & 0o111).not.toBe(0);

    const afterFirst = localConfig(dir);
    const again = await sb.ckpt(dir, ['install']);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('already installed');
    expect(localConfig(dir)).toBe(afterFirst);

    const un = await sb.ckpt(dir, ['uninstall']);
    expect(un.code).toBe(0);
    expect(localConfig(dir)).toBe(before);
    expect(existsSync(join(hooks, 'post-checkout'))).toBe(false);
    expect(existsSync(join(hooks, 'pre-push'))).toBe(false);
  });

  it('--manual prints the commands and changes nothing', async () => {
    const dir = repoWithRemote('manual');
    const before = localConfig(dir);
    const res = await sb.ckpt(dir, ['install', '--manual']);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain("git config --add remote.origin.fetch '+refs/checkpoints/*:refs/checkpoints/remotes/origin/*'");
    expect(res.stdout).toContain("git config --add notes.displayRef 'refs/notes/checkpoints/*'");
    expect(localConfig(dir)).toBe(before);
    expect(readdirSync(join(dir, '.git', 'hooks')).filter((f) => !f.endsWith('.sample'))).toEqual([]);
  });

  it('keeps and chains foreign hooks (arguments and stdin), and puts them back byte for byte', async () => {
    const dir = repoWithRemote('foreign');
    sb.git(dir, 'branch', 'other');
    const log = join(sb.root, 'foreign.log');
    const pc = writeHook(dir, 'post-checkout', `echo "post-checkout $*" >> '${log}'`);
    const pp = writeHook(dir, 'pre-push', `echo "pre-push $*" >> '${log}'\nwhile read l; do echo "stdin $l" >> '${log}'; done`);
    const original = { pc: readFileSync(pc), pp: readFileSync(pp), pcMode: statSync(pc).mode };
    const res = await sb.ckpt(dir, ['install']);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('your existing hook is kept as post-checkout.before-git-checkpoint and runs first');

    const oldHead = sb.git(dir, 'rev-parse', 'HEAD').trim();
    const sw = await gitRun(dir, ['switch', 'other']);
    expect(sw.code).toBe(0);
    expect(sw.stderr).toContain("checkpoint: left 'main'");
    await sb.ckpt(dir, ['save', '-m', 'pushed along']);
    const push = await gitRun(dir, ['push', 'origin', 'other']);
    expect(push.code).toBe(0);
    const lines = readFileSync(log, 'utf8').trim().split('\n');
    expect(lines[0]).toBe(`post-checkout ${oldHead} ${oldHead} 1`);
    expect(lines[1]).toBe(`pre-push origin ${join(sb.root, 'foreign.git')}`);
    expect(lines[2]).toBe(`stdin refs/heads/other ${oldHead} refs/heads/other ${'0'.repeat(40)}`);
    const writer = sb.git(dir, 'config', 'checkpoint.writer').trim();
    expect(sb.git(join(sb.root, 'foreign.git'), 'for-each-ref', '--format=%(refname)', 'refs/checkpoints/')).toContain(writer);

    expect((await sb.ckpt(dir, ['uninstall'])).code).toBe(0);
    expect(readFileSync(pc).equals(original.pc)).toBe(true);
    expect(readFileSync(pp).equals(original.pp)).toBe(true);
    expect(statSync(pc).mode).toBe(original.pcMode);
    expect(readdirSync(join(dir, '.git', 'hooks')).filter((f) => f.includes('git-checkpoint'))).toEqual([]);
  });

  it('a foreign pre-push that refuses still stops the push', async () => {
    const dir = repoWithRemote('refuse');
    writeHook(dir, 'pre-push', 'cat >/dev/null; echo "no pushing today" >&2; exit 1');
    await sb.ckpt(dir, ['install']);
    const push = await gitRun(dir, ['push', 'origin', 'main']);
    expect(push.code).not.toBe(0);
    expect(push.stderr).toContain('no pushing today');
  });

  it('--force replaces a foreign hook (not run any more) and uninstall restores it', async () => {
    const dir = repoWithRemote('force');
    sb.git(dir, 'branch', 'other');
    const marker = join(sb.root, 'force-ran');
    const pc = writeHook(dir, 'post-checkout', `touch '${marker}'`);
    const original = readFileSync(pc);
    const res = await sb.ckpt(dir, ['install', '--force']);
    expect(res.stdout).toContain('replaced');
    expect((await gitRun(dir, ['switch', 'other'])).code).toBe(0);
    expect(existsSync(marker)).toBe(false);
    await sb.ckpt(dir, ['uninstall']);
    expect(readFileSync(pc).equals(original)).toBe(true);
  });

  it('husky: writes nothing under .husky and prints the snippet', async () => {
    const dir = repoWithRemote('husky');
    mkdirSync(join(dir, '.husky', '_'), { recursive: true });
    writeFileSync(join(dir, '.husky', 'pre-commit'), 'npm test\n');
    sb.git(dir, 'config', 'core.hooksPath', '.husky/_');
    const res = await sb.ckpt(dir, ['install']);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('belongs to husky');
    expect(res.stdout).toContain('.husky/post-checkout');
    expect(res.stdout).toContain('git checkpoint hook post-checkout "$@"');
    expect(readdirSync(join(dir, '.husky')).sort()).toEqual(['_', 'pre-commit']);
    expect(readdirSync(join(dir, '.husky', '_'))).toEqual([]);
    expect(sb.git(dir, 'config', 'core.hooksPath').trim()).toBe('.husky/_');
  });

  it('lefthook, pre-commit and simple-git-hooks: a snippet each, no hook written', async () => {
    const cases: [string, string, string, string][] = [
      ['lefthook', 'lefthook.yml', 'pre-commit:\n  commands: {}\n', 'run: git checkpoint hook post-checkout {0}'],
      ['precommit', '.pre-commit-config.yaml', 'repos: []\n', 'stages: [post-checkout]'],
      ['sgh', 'package.json', '{"simple-git-hooks": {"pre-commit": "npm test"}}\n', '"post-checkout": "command -v git-checkpoint'],
    ];
    for (const [name, file, content, snippet] of cases) {
      const dir = repoWithRemote(name);
      writeFileSync(join(dir, file), content);
      const res = await sb.ckpt(dir, ['install']);
      expect(res.code).toBe(0);
      expect(res.stdout).toContain(snippet);
      expect(readdirSync(join(dir, '.git', 'hooks')).filter((f) => !f.endsWith('.sample'))).toEqual([]);
    }
  });

  it('honours core.hooksPath pointing to a shared directory', async () => {
    const dir = repoWithRemote('shared');
    sb.git(dir, 'branch', 'other');
    const shared = join(sb.root, 'shared-hooks');
    mkdirSync(shared);
    sb.git(dir, 'config', 'core.hooksPath', shared);
    expect((await sb.ckpt(dir, ['install'])).code).toBe(0);
    expect(readFileSync(join(shared, 'post-checkout'), 'utf8')).toContain('# managed-by: git-checkpoint');
    expect(existsSync(join(dir, '.git', 'hooks', 'post-checkout'))).toBe(false);
    const sw = await gitRun(dir, ['switch', 'other']);
    expect(sw.stderr).toContain("checkpoint: left 'main'");
    await sb.ckpt(dir, ['uninstall']);
    expect(readdirSync(shared)).toEqual([]);
  });
});

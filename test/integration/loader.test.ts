/**
 * The start-up loader (SPEC §11) runs the bundle through V8's code cache; a
 * rebuilt bundle must never run the code cached for the one before it.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BUNDLE } from '../helpers/sandbox.js';

const root = mkdtempSync(join(tmpdir(), 'gcp-loader-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the loader and its code cache', () => {
  it('runs the bundle that is there, even when a rebuild has the same length', () => {
    mkdirSync(join(root, 'bin'), { recursive: true });
    mkdirSync(join(root, 'dist'), { recursive: true });
    const loader = join(root, 'bin', 'git-checkpoint.cjs');
    copyFileSync(BUNDLE, loader);
    const bundle = (word: string, build: string) =>
      writeFileSync(join(root, 'dist', 'cli.cjs'), `process.stdout.write(${JSON.stringify(word)});\n//# git-checkpoint-build ${build}\n`);
    const run = (...args: string[]) => spawnSync(process.execPath, [loader, ...args], { encoding: 'utf8' }).stdout;

    bundle('first', '1111111111111111');
    expect(run()).toBe('first');
    const cache = join(root, 'dist', 'cli.cjs.version.v8cache');
    expect(existsSync(cache)).toBe(true);
    expect(readFileSync(cache, 'latin1').slice(0, 17)).toBe('1111111111111111\n');
    expect(run()).toBe('first');

    bundle('other', '2222222222222222');
    expect(run()).toBe('other');
    expect(readFileSync(cache, 'latin1').slice(0, 17)).toBe('2222222222222222\n');
  });

  it('keeps a cache for each command whose start-up counts most, one for the rest', () => {
    mkdirSync(join(root, 'bin'), { recursive: true });
    mkdirSync(join(root, 'dist'), { recursive: true });
    const loader = join(root, 'bin', 'git-checkpoint.cjs');
    copyFileSync(BUNDLE, loader);
    const run = (...args: string[]) => spawnSync(process.execPath, [loader, ...args], { encoding: 'utf8' });
    writeFileSync(join(root, 'dist', 'cli.cjs'), `process.stdout.write('x');\n//# git-checkpoint-build 3333333333333333\n`);
    run('--version');
    run('save', '-m', 'a task');
    run('hook', 'post-checkout', 'a', 'b', '1');
    run('doctor');
    run('prune', '--keep', '3');
    const caches = readdirSync(join(root, 'dist')).filter((n) => n.endsWith('.v8cache')).sort();
    expect(caches).toEqual(['cli.cjs.hook-post-checkout.v8cache', 'cli.cjs.other.v8cache', 'cli.cjs.save.v8cache', 'cli.cjs.version.v8cache']);
    const before = statSync(join(root, 'dist', 'cli.cjs.save.v8cache')).mtimeMs;
    run('save', '--no-wip');
    expect(statSync(join(root, 'dist', 'cli.cjs.save.v8cache')).mtimeMs).toBe(before);
  });
  it('runs the post-checkout hook from its own bundle, and the full CLI when that bundle declines, fails or is missing', () => {
    const dir = join(root, 'hook-case');
    mkdirSync(join(dir, 'bin'), { recursive: true });
    mkdirSync(join(dir, 'dist'), { recursive: true });
    const loader = join(dir, 'bin', 'git-checkpoint.cjs');
    copyFileSync(BUNDLE, loader);
    writeFileSync(join(dir, 'dist', 'cli.cjs'), `process.stdout.write('cli:' + process.argv.slice(2).join(' '));\n//# git-checkpoint-build 4444444444444444\n`);
    const hook = (body: string) => writeFileSync(join(dir, 'dist', 'hook.cjs'), `exports.runPostCheckout = async (argv) => { ${body} };\n//# git-checkpoint-build 5555555555555555\n`);
    const run = (...args: string[]) => spawnSync(process.execPath, [loader, ...args], { encoding: 'utf8' }).stdout;

    hook("process.stdout.write('hook:' + argv.join(' ')); return true;");
    expect(run('hook', 'post-checkout', 'a', 'b', '1')).toBe('hook:hook post-checkout a b 1');
    expect(run('list')).toBe('cli:list');
    hook("process.stdout.write('declined;'); return false;");
    expect(run('hook', 'post-checkout', 'a', 'b', '1')).toBe('declined;cli:hook post-checkout a b 1');
    hook("throw new Error('broken');");
    expect(run('hook', 'post-checkout', 'a', 'b', '1')).toBe('cli:hook post-checkout a b 1');
    rmSync(join(dir, 'dist', 'hook.cjs'));
    expect(run('hook', 'post-checkout', 'a', 'b', '1')).toBe('cli:hook post-checkout a b 1');
  });
});

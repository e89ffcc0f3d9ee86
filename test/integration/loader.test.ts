/**
 * The start-up loader (SPEC §11) runs the bundle through V8's code cache; a
 * rebuilt bundle must never run the code cached for the one before it.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
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
    const cache = join(root, 'dist', 'cli.cjs.v8cache');
    expect(existsSync(cache)).toBe(true);
    expect(readFileSync(cache, 'latin1').split('\n')[0]).toBe('1111111111111111 none');
    expect(run()).toBe('first');

    bundle('other', '2222222222222222');
    expect(run()).toBe('other');
    expect(readFileSync(cache, 'latin1').split('\n')[0]).toBe('2222222222222222 none');
  });

  it('makes the cache anew once for each kind of command, so the code a save runs is cached too', () => {
    mkdirSync(join(root, 'bin'), { recursive: true });
    mkdirSync(join(root, 'dist'), { recursive: true });
    const loader = join(root, 'bin', 'git-checkpoint.cjs');
    copyFileSync(BUNDLE, loader);
    const cache = join(root, 'dist', 'cli.cjs.v8cache');
    const header = () => readFileSync(cache, 'latin1').split('\n')[0];
    const run = (...args: string[]) => spawnSync(process.execPath, [loader, ...args], { encoding: 'utf8' });
    writeFileSync(join(root, 'dist', 'cli.cjs'), `process.stdout.write('x');\n//# git-checkpoint-build 3333333333333333\n`);
    run('--version');
    expect(header()).toBe('3333333333333333 none');
    run('save', '-m', 'a task');
    expect(header()).toBe('3333333333333333 none,save');
    const before = statSync(cache).mtimeMs;
    run('--version');
    run('save', '--no-wip');
    expect(statSync(cache).mtimeMs).toBe(before);
    run('hook', 'post-checkout', 'a', 'b', '1');
    expect(header()).toBe('3333333333333333 none,save,hook post-checkout');
  });
});

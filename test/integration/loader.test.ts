/**
 * The start-up loader (SPEC §11) runs the bundle through V8's code cache; a
 * rebuilt bundle must never run the code cached for the one before it.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BUNDLE } from '../helpers/sandbox.js';

const root = mkdtempSync(join(tmpdir(), 'gcp-loader-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the loader and its code cache', () => {
  it('runs the bundle that is there, even when a rebuild has the same length', () => {
    mkdirSync(join(root, 'bin'));
    mkdirSync(join(root, 'dist'));
    const loader = join(root, 'bin', 'git-checkpoint.cjs');
    copyFileSync(BUNDLE, loader);
    const bundle = (word: string, build: string) =>
      writeFileSync(join(root, 'dist', 'cli.cjs'), `process.stdout.write(${JSON.stringify(word)});\n//# git-checkpoint-build ${build}\n`);
    const run = () => spawnSync(process.execPath, [loader], { encoding: 'utf8' }).stdout;

    bundle('first', '1111111111111111');
    expect(run()).toBe('first');
    const cache = join(root, 'dist', 'cli.cjs.v8cache');
    expect(existsSync(cache)).toBe(true);
    expect(readFileSync(cache, 'latin1').slice(0, 17)).toBe('1111111111111111\n');
    expect(run()).toBe('first');

    bundle('other', '2222222222222222');
    expect(run()).toBe('other');
    expect(readFileSync(cache, 'latin1').slice(0, 17)).toBe('2222222222222222\n');
  });
});

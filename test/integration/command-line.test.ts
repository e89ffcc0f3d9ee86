/** The built command line with real git: names default as in show, and yargs loads from its own bundle. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSandbox, type Sandbox } from '../helpers/sandbox.js';

let sb: Sandbox;
beforeAll(() => {
  sb = makeSandbox();
});
afterAll(() => sb.cleanup());

describe('the command line, built', () => {
  it('diff and apply default to latest, as show and resume do', async () => {
    const dir = sb.repo('defaults');
    writeFileSync(join(dir, 'README.md'), 'saved\n');
    const id = (await sb.ckpt(dir, ['save', '-m', 'x'])).stdout.trim();
    const diff = await sb.ckpt(dir, ['diff']);
    expect(diff.code, diff.stderr).toBe(0);
    expect(diff.stdout).toContain(`since checkpoint ${id}`);
    sb.git(dir, 'checkout', '-q', '--', 'README.md');
    const apply = await sb.ckpt(dir, ['apply']);
    expect(apply.code, apply.stderr).toBe(0);
    expect(sb.git(dir, 'show', ':README.md')).not.toBe('saved\n');
    expect(sb.git(dir, 'diff', '--name-only').trim()).toBe('README.md');
  });

  it('suggests the nearest command and prints usage from the bundle, exit 129', async () => {
    const dir = sb.repo('usage');
    const typo = await sb.ckpt(dir, ['sav', '-m', 'x']);
    expect(typo.code).toBe(129);
    expect(typo.stderr).toContain("hint: the most similar command is 'save'");
    const help = await sb.ckpt(dir, ['list', '-h']);
    expect(help.code).toBe(129);
    expect(help.stdout).toContain('    -n, --limit <limit>   show at most this many; 0 for all (default: 20)');
    const listed = await sb.ckpt(dir, ['list', '--json', '-n', '5']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout).shown).toBe(0);
  });

  it('--file paths are relative to the current directory, as git pathspecs are; one that names nothing is refused', async () => {
    const dir = sb.repo('files');
    mkdirSync(join(dir, 'src', 'deep'), { recursive: true });
    writeFileSync(join(dir, 'src', 'deep', 'a.ts'), 'a\n');
    const typo = await sb.ckpt(join(dir, 'src'), ['save', '-m', 'x', '--file', 'deep/a.ts', '--file', 'gone.ts']);
    expect([typo.code, typo.stdout]).toEqual([129, '']);
    expect(typo.stderr).toContain("--file 'gone.ts': no such file or directory");
    expect(sb.git(dir, 'for-each-ref', 'refs/checkpoints/', 'refs/notes/')).toBe('');
    const res = await sb.ckpt(join(dir, 'src'), ['save', '-m', 'x', '--file', 'deep/a.ts :: the loop', '--file', '../README.md']);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toBe('');
    const viaC = await sb.ckpt(dir, ['-C', 'src/deep', 'save', '-m', 'y', '--file', 'a.ts', '--no-carry']);
    expect(viaC.stderr).toBe('');
    const files = async (name: string) => JSON.parse((await sb.ckpt(dir, ['show', name, '--json'])).stdout).files;
    expect(await files('latest~1')).toEqual([{ path: 'src/deep/a.ts', why: 'the loop' }, { path: 'README.md' }]);
    expect(await files('latest')).toEqual([{ path: 'src/deep/a.ts' }]);
  });

  it('one JSON vocabulary: install and uninstall report hooks[].action; --json with another --format is refused', async () => {
    const dir = sb.repo('vocabulary');
    const installed = JSON.parse((await sb.ckpt(dir, ['install', '--json'])).stdout);
    const removed = JSON.parse((await sb.ckpt(dir, ['uninstall', '--json'])).stdout);
    for (const report of [installed, removed]) {
      expect(report.hooks.map((h: { name: string }) => h.name).sort()).toEqual(['post-checkout', 'pre-push']);
      for (const h of report.hooks) expect(Object.keys(h).sort()).toEqual(['action', 'name']);
    }
    expect(removed.hooks.map((h: { action: string }) => h.action)).toEqual(['removed', 'removed']);
    await sb.ckpt(dir, ['save', '-m', 'x']);
    const both = await sb.ckpt(dir, ['show', '--json', '--format', 'md']);
    expect(both.code).toBe(129);
    expect(both.stderr).toContain("error: '--json' and '--format md' cannot be used together");
    expect((await sb.ckpt(dir, ['show', '--json', '--format', 'json'])).code).toBe(0);
  });
});

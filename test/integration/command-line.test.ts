/** The built command line with real git: names default as in show, and yargs loads from its own bundle. */
import { writeFileSync } from 'node:fs';
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
});

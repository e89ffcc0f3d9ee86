import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSandbox, type Sandbox } from '../helpers/sandbox.js';

let sb: Sandbox;
beforeAll(() => {
  sb = makeSandbox();
});
afterAll(() => sb.cleanup());

describe('doctor checks what install set up', () => {
  it('is fine without install, confirms a complete install, and names what went missing', async () => {
    const dir = sb.repo('doctor-install');
    const remote = join(sb.root, 'remote.git');
    sb.git(sb.root, 'init', '-q', '--bare', remote);
    sb.git(dir, 'remote', 'add', 'origin', remote);
    await sb.ckpt(dir, ['save', '-m', 'something to check']);

    const before = await sb.ckpt(dir, ['doctor']);
    expect(before.code, before.stdout).toBe(0);
    expect(before.stdout).toContain('hooks: not installed (optional: git checkpoint install)');

    expect((await sb.ckpt(dir, ['install'])).code).toBe(0);
    const after = await sb.ckpt(dir, ['doctor']);
    expect(after.code, after.stdout).toBe(0);
    expect(after.stdout).toMatch(/ok +hooks: post-checkout and pre-push installed in /);
    expect(after.stdout).toMatch(/ok +config: /);

    sb.git(dir, 'config', '--unset', 'notes.displayRef');
    appendFileSync(join(dir, '.git', 'hooks', 'pre-push'), '# edited by hand\n');
    const broken = await sb.ckpt(dir, ['doctor', '--json']);
    expect(broken.code).toBe(1);
    const findings = JSON.parse(broken.stdout).findings as { check: string; ok: boolean; detail: string }[];
    expect(findings.find((f) => f.check === 'hooks')).toMatchObject({ ok: false, detail: expect.stringContaining('outdated: pre-push') });
    expect(findings.find((f) => f.check === 'config')).toMatchObject({ ok: false, detail: expect.stringContaining('notes.displayRef=refs/notes/checkpoints/*') });

    expect((await sb.ckpt(dir, ['install'])).code).toBe(0);
    expect((await sb.ckpt(dir, ['doctor'])).code).toBe(0);
  });
});

/**
 * A snapshot that could not be written is never passed off as one not asked
 * for: the save goes on (SPEC §6), the record says what is missing and why,
 * and show, diff, apply and resume say it too. Reproduced through the built
 * bin under a file-size limit (`ulimit -f`), as a full disk or a quota does
 * to the snapshot's largest blob. Also `apply --dry-run`.
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSandbox, runProcess, type Sandbox } from '../helpers/sandbox.js';

let sb: Sandbox;
beforeAll(() => {
  sb = makeSandbox();
});
afterAll(() => sb.cleanup());

/** Plain numbers, one per line: text no secret rule takes for a token, far larger than the limit once compressed. */
const bigText = () => Array.from({ length: 40_000 }, (_, i) => `${i * 7919}`).join('\n');

/** Temporary files of the object store: a write cut short must not leave one. */
function objectTemps(dir: string): string[] {
  const objects = join(dir, '.git', 'objects');
  return readdirSync(objects).filter((d) => /^[0-9a-f]{2}$/.test(d)).flatMap((d) => readdirSync(join(objects, d)).filter((f) => f.startsWith('tmp')));
}

describe('a save whose snapshot could not be written', () => {
  let dir: string;
  let id: string;
  beforeAll(async () => {
    dir = sb.repo('efbig');
    writeFileSync(join(dir, 'README.md'), '# demo\nedited\n');
    writeFileSync(join(dir, 'numbers.txt'), bigText());
    // 8 blocks: the record and its commit fit, the snapshot's big blob does not.
    const res = await runProcess('sh', ['-c', 'ulimit -f 8 && exec git checkpoint save -m "under a file-size limit"'], dir, sb.env);
    expect(res.code, res.stderr).toBe(0);
    id = res.stdout.trim();
    expect(res.stderr).toContain('warning: not collected: wip: the snapshot could not be written: EFBIG');
    expect(res.stderr).toContain('the checkpoint lists 2 uncommitted paths that apply cannot restore');
  });

  it('records what is missing and why, and leaves no partial object file', async () => {
    const record = JSON.parse((await sb.ckpt(dir, ['show', id, '--json'])).stdout);
    expect(record.git.wip).toBeNull();
    expect(record.git.notCollected).toEqual([{ section: 'wip', reason: expect.stringMatching(/^the snapshot could not be written: EFBIG: file too large/) }]);
    expect(JSON.stringify(record.git.notCollected)).not.toContain(dir);
    expect(objectTemps(dir)).toEqual([]);
    expect(() => sb.git(dir, 'fsck', '--strict', '--no-dangling')).not.toThrow();
  });

  it('show lists the files as uncommitted and says they cannot be restored', async () => {
    const md = (await sb.ckpt(dir, ['show', id])).stdout;
    expect(md).toContain('- ?? numbers.txt (untracked)');
    expect(md).toMatch(/- no snapshot of these files \(not collected at save time: the snapshot could not be written: EFBIG[^)]*\): git checkpoint apply cannot restore them/);
  });

  it('diff says why there is no snapshot, never "--no-wip"', async () => {
    const diff = await sb.ckpt(dir, ['diff', id]);
    expect(diff.code).toBe(0);
    expect(diff.stdout).toContain(`checkpoint ${id} has no wip snapshot (not collected at save time: the snapshot could not be written: EFBIG`);
    expect(diff.stdout).not.toContain('--no-wip');
    const json = JSON.parse((await sb.ckpt(dir, ['diff', id, '--json'])).stdout);
    expect(json).toMatchObject({ diff: null, noWip: expect.stringContaining('not collected at save time') });
  });

  it('apply (and apply -n) refuses with the reason and changes nothing', async () => {
    for (const args of [['apply', id], ['apply', '-n', id]]) {
      const res = await sb.ckpt(dir, args);
      expect(res.code, args.join(' ')).toBe(1);
      expect(res.stderr).toContain(`error: checkpoint ${id} has no wip snapshot (not collected at save time: the snapshot could not be written: EFBIG`);
      expect(res.stderr).not.toContain('--no-wip');
    }
  });

  it('resume, once the files are gone, offers no apply and says why', async () => {
    sb.git(dir, 'checkout', '--', 'README.md');
    sb.git(dir, 'clean', '-qf');
    const res = await sb.ckpt(dir, ['resume', id]);
    expect(res.stdout).toContain('- worktree: 2 absent');
    expect(res.stdout).toContain('    apply cannot restore them: not collected at save time: the snapshot could not be written: EFBIG');
    expect(res.stdout).not.toContain('fix: git checkpoint apply');
    const json = JSON.parse((await sb.ckpt(dir, ['resume', id, '--json'])).stdout);
    expect(json.reconcile.worktree).toMatchObject({ fixes: [], noSnapshot: expect.stringContaining('EFBIG') });
  });
});

describe('a save without a snapshot, asked for', () => {
  it('says so in the same words everywhere: saved without one', async () => {
    const dir = sb.repo('nowip');
    writeFileSync(join(dir, 'draft.txt'), 'draft\n');
    const id = (await sb.ckpt(dir, ['save', '-m', 'no snapshot', '--no-wip'])).stdout.trim();
    const why = 'saved without one: --no-wip or checkpoint.wip=false';
    expect((await sb.ckpt(dir, ['diff', id])).stdout).toContain(`checkpoint ${id} has no wip snapshot (${why})`);
    expect((await sb.ckpt(dir, ['apply', id])).stderr).toContain(`checkpoint ${id} has no wip snapshot (${why}): nothing to apply`);
    expect((await sb.ckpt(dir, ['show', id])).stdout).toContain(`- no snapshot of these files (${why})`);
  });
});

describe('a snapshot that left the absent files out', () => {
  it('resume offers no apply for them and says why; with one it holds, apply is offered', async () => {
    const dir = sb.repo('left-out');
    writeFileSync(join(dir, '.env'), 'A=1\n');
    const id = (await sb.ckpt(dir, ['save', '-m', 'an env file only'])).stdout.trim();
    sb.git(dir, 'clean', '-qfx');
    const res = await sb.ckpt(dir, ['resume', id]);
    expect(res.stdout).toContain('    apply cannot restore them: the snapshot left it out (pattern)');
    expect(res.stdout).not.toContain('fix: git checkpoint apply');
    writeFileSync(join(dir, '.env'), 'A=2\n');
    writeFileSync(join(dir, 'draft.txt'), 'draft\n');
    const both = (await sb.ckpt(dir, ['save', '-m', 'env and a draft'])).stdout.trim();
    sb.git(dir, 'clean', '-qfx');
    const json = JSON.parse((await sb.ckpt(dir, ['resume', both, '--json'])).stdout);
    expect(json.reconcile.worktree).toMatchObject({ absent: ['.env', 'draft.txt'], fixes: [`git checkpoint apply ${both}`], noSnapshot: null });
  });
});

describe('apply --dry-run', () => {
  it('says what it would restore and delete, refuses as apply would, and changes nothing', async () => {
    const dir = sb.repo('dry');
    writeFileSync(join(dir, 'README.md'), '# demo\nin the checkpoint\n');
    writeFileSync(join(dir, 'new.txt'), 'new\n');
    const id = (await sb.ckpt(dir, ['save', '-m', 'to apply'])).stdout.trim();
    sb.git(dir, 'checkout', '--', 'README.md');
    sb.git(dir, 'clean', '-qf');
    const dry = await sb.ckpt(dir, ['apply', '--dry-run', id]);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toBe(`would restore: README.md\nwould restore: new.txt\nwould apply checkpoint ${id}: 2 paths to update (nothing changed)\n`);
    expect(existsSync(join(dir, 'new.txt'))).toBe(false);
    expect(readFileSync(join(dir, 'README.md'), 'utf8')).toBe('# demo\n');
    expect(JSON.parse((await sb.ckpt(dir, ['apply', '-n', '--json', id])).stdout)).toMatchObject({ dryRun: true, restored: ['README.md', 'new.txt'] });
    // A local change in the way: the dry run refuses as apply would.
    writeFileSync(join(dir, 'new.txt'), 'mine\n');
    const refused = await sb.ckpt(dir, ['apply', '-n', id]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('your local changes to the following files would be overwritten by apply');
    expect(readFileSync(join(dir, 'new.txt'), 'utf8')).toBe('mine\n');
    sb.git(dir, 'clean', '-qf');
    const real = await sb.ckpt(dir, ['apply', id]);
    expect(real.code).toBe(0);
    expect(JSON.parse((await sb.ckpt(dir, ['apply', '--json', id])).stdout)).toMatchObject({ dryRun: false, unchanged: ['README.md', 'new.txt'] });
  });
});

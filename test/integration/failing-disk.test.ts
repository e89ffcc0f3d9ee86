/**
 * A failed write ends promptly (SPEC §2, §9): on a full disk or a read-only
 * repository, `save`, `switch` and `synthesize` exit 1 within seconds, name
 * the step that failed, and leave no checkpoint and no helper process behind.
 * Runs where the tests may mount (root, as CI is): a small tmpfs for the full
 * disk, a read-only bind mount for the read-only repository.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSandbox, type Sandbox } from '../helpers/sandbox.js';

let sb: Sandbox;
const mounted: string[] = [];
beforeAll(() => {
  sb = makeSandbox();
});
afterAll(() => {
  for (const dir of mounted.reverse()) spawnSync('umount', ['-l', dir]);
  sb.cleanup();
});

function mount(args: string[]): boolean {
  return spawnSync('mount', args).status === 0;
}

const canMount = (() => {
  if (process.getuid?.() !== 0) return false;
  const probe = join(process.env.TMPDIR ?? '/tmp', `gcp-mount-probe-${process.pid}`);
  mkdirSync(probe, { recursive: true });
  const ok = mount(['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe]);
  if (ok) spawnSync('umount', [probe]);
  rmSync(probe, { recursive: true, force: true });
  return ok;
})();
if (!canMount) console.warn('failing-disk tests skipped: they need root and permission to mount (tmpfs, bind mounts)');

/** Temporary files under `dir`: loose-object writes (`tmp_obj_*`), temporary indexes, `*.tmp`. */
function temporaryFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((path) => /(^|\/)(tmp_obj_|tmp-index)|\.tmp$/.test(path));
}

/** Leaves only the git processes of other tests: none may be a child of our finished commands. */
function strayCatFiles(dir: string): number {
  const ps = spawnSync('ps', ['-eo', 'args'], { encoding: 'utf8' }).stdout;
  return ps.split('\n').filter((l) => l.includes('cat-file --batch') && l.includes(dir)).length;
}

describe.skipIf(!canMount)('writes that fail', () => {
  it('a full disk: save, switch and synthesize exit 1 promptly and name the step', async () => {
    const disk = join(sb.root, 'small-disk');
    mkdirSync(disk);
    expect(mount(['-t', 'tmpfs', '-o', 'size=3m', 'tmpfs', disk])).toBe(true);
    mounted.push(disk);
    const dir = join(disk, 'repo');
    mkdirSync(dir);
    sb.git(dir, 'init', '-q', '-b', 'main');
    writeFileSync(join(dir, 'README.md'), '# demo\n');
    sb.git(dir, 'add', '.');
    sb.git(dir, 'commit', '-q', '-m', 'initial');
    sb.git(dir, 'branch', 'other');
    const first = (await sb.ckpt(dir, ['save', '-m', 'fits'])).stdout.trim();
    const chain = sb.git(dir, 'for-each-ref', '--format=%(objectname)', 'refs/checkpoints/').trim();
    writeFileSync(join(dir, 'work.txt'), 'uncommitted\n');
    // Fill the disk to the last block.
    spawnSync('dd', ['if=/dev/zero', `of=${join(disk, 'filler')}`, 'bs=4k'], { stdio: 'ignore' });
    for (const args of [['save', '-m', 'no room'], ['switch', 'other', '-m', 'no room'], ['synthesize', first]]) {
      const started = Date.now();
      const res = await sb.ckpt(dir, args);
      expect(res.code, `${args[0]}: ${res.stderr}`).toBe(1);
      expect(Date.now() - started, args[0]).toBeLessThan(20_000);
      expect(res.stderr).toMatch(/error: could not (write the checkpoint objects|write the checkpoint commit|update refs\/checkpoints\/\S+): no space left on device/);
    }
    expect(sb.git(dir, 'for-each-ref', '--format=%(objectname)', 'refs/checkpoints/').trim()).toBe(chain);
    expect(sb.git(dir, 'branch', '--show-current').trim()).toBe('main');
    expect(strayCatFiles(dir)).toBe(0);
    // A write that failed part-way removed its temporary file: none in the object store or the git dir.
    expect(temporaryFiles(join(dir, '.git'))).toEqual([]);
  });

  it('a read-only repository: save fails at once saying so', async () => {
    const dir = sb.repo('ro-source');
    expect((await sb.ckpt(dir, ['save', '-m', 'before'])).code).toBe(0);
    writeFileSync(join(dir, 'work.txt'), 'uncommitted\n');
    const view = join(sb.root, 'ro-view');
    mkdirSync(view);
    expect(mount(['--bind', dir, view])).toBe(true);
    mounted.push(view);
    expect(mount(['-o', 'remount,ro,bind', view])).toBe(true);
    const started = Date.now();
    const res = await sb.ckpt(view, ['save', '-m', 'cannot']);
    expect(res.code).toBe(1);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(res.stderr).toMatch(/error: could not write the checkpoint objects: read-only file system/);
    expect(strayCatFiles(view)).toBe(0);
  });
});

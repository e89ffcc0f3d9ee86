/**
 * A read-only repository (SPEC §2): read commands still print — their
 * bookkeeping (where this worktree resumed from, the listing cache, a
 * temporary index) is best effort with one warning — and a `push` that
 * updated the remote but could not record it locally exits 2, saying what
 * failed and how to repair it. As root, file modes do not stop writes, so
 * the repository is seen through a read-only bind mount.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountSupport, readOnlyView, type Mount } from '../helpers/mounts.js';
import { makeSandbox, type Sandbox } from '../helpers/sandbox.js';

const why = mountSupport();
let sb: Sandbox;
let ro: Mount;
let view: string;
let writer: string;

describe.skipIf(why !== null)('a read-only repository', () => {
  beforeAll(async () => {
    sb = makeSandbox();
    const origin = join(sb.root, 'origin.git');
    sb.git(sb.root, 'init', '-q', '--bare', origin);
    const dir = sb.repo('clone');
    sb.git(dir, 'remote', 'add', 'origin', origin);
    expect((await sb.ckpt(dir, ['save', '-m', 'first'])).code).toBe(0);
    expect((await sb.ckpt(dir, ['push'])).code).toBe(0);
    writeFileSync(join(dir, 'README.md'), '# changed after the checkpoint\n');
    expect((await sb.ckpt(dir, ['save', '-m', 'second'])).code).toBe(0);
    writer = sb.git(dir, 'config', 'checkpoint.writer').trim();
    ro = readOnlyView(dir, join(sb.root, 'view'));
    view = ro.path;
  });
  afterAll(() => {
    ro?.release();
    sb?.cleanup();
  });

  it('resume prints the checkpoint, with one warning about what it could not record', async () => {
    const r = await sb.ckpt(view, ['resume']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('second');
    const warnings = r.stderr.split('\n').filter((l) => l.startsWith('warning:'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/could not record that this worktree resumed .*read-only file system/i);
  });

  it('diff prints the working tree against the snapshot', async () => {
    writeFileSync(join(sb.root, 'clone', 'README.md'), '# changed after the checkpoint\n');
    const r = await sb.ckpt(view, ['diff', 'latest']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("working tree against the checkpoint's wip snapshot");
    expect(r.stdout).toContain('(no changes)');
  });

  it('list, show and status print as usual', async () => {
    for (const args of [['list'], ['show', 'latest'], ['status']]) {
      const r = await sb.ckpt(view, args);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
      expect(r.stdout).toContain('second');
    }
  });

  it('push updates the remote, then exits 2 naming the step that failed and the repair', async () => {
    const r = await sb.ckpt(view, ['push']);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stdout).toContain('pushed 1 new checkpoint to origin');
    expect(r.stderr).toMatch(/warning: pushed, but could not record what 'origin' now holds: refs\/checkpoints\/remotes\/origin\//);
    expect(r.stderr).toContain('hint: the remote is up to date; once this repository is writable, run: git checkpoint fetch origin');
    const remote = sb.git(join(sb.root, 'origin.git'), 'rev-parse', `refs/checkpoints/${writer}`).trim();
    expect(remote).toBe(sb.git(view, 'rev-parse', `refs/checkpoints/${writer}`).trim());
  });
});

if (why !== null) {
  describe('a read-only repository', () => {
    it.skip(`skipped: ${why}`, () => {});
  });
}

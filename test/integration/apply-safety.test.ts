import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSandbox, type Sandbox } from '../helpers/sandbox.js';

let sb: Sandbox;
beforeAll(() => {
  sb = makeSandbox();
});
afterAll(() => sb.cleanup());

/** Raw tree bytes git would never write itself: `hash-object --literally` does not check entry names. */
function rawTree(dir: string, entries: { mode: string; name: string; oid: string }[]): string {
  const body = Buffer.concat(entries.map((e) => Buffer.concat([Buffer.from(`${e.mode} ${e.name}\0`), Buffer.from(e.oid, 'hex')])));
  return sb.gitIn(dir, ['hash-object', '-w', '-t', 'tree', '--literally', '--stdin'], body);
}

/** Replaces the newest checkpoint's wip tree by `tree`, as a hostile teammate's chain could; returns its id. */
function forgeWip(dir: string, tree: string): string {
  const ref = `refs/checkpoints/${sb.git(dir, 'config', 'checkpoint.writer').trim()}`;
  const record = JSON.parse(sb.git(dir, 'show', `${ref}:checkpoint.json`));
  record.git.wip = { tree, excluded: [] };
  const blob = sb.gitIn(dir, ['hash-object', '-w', '--stdin'], `${JSON.stringify(record, null, 2)}\n`);
  const md = sb.git(dir, 'rev-parse', `${ref}:CHECKPOINT.md`).trim();
  const top = sb.gitIn(dir, ['mktree'], `100644 blob ${md}\tCHECKPOINT.md\n100644 blob ${blob}\tcheckpoint.json\n`);
  const message = sb.git(dir, 'log', '-1', '--format=%B', ref);
  const commit = sb.gitIn(dir, ['commit-tree', top, '-p', sb.git(dir, 'rev-parse', ref).trim()], message);
  sb.git(dir, 'update-ref', ref, commit);
  return record.id;
}

describe('apply never writes outside the working tree', () => {
  it('refuses a checkpoint whose wip tree names .. or .git, changing nothing', async () => {
    const dir = sb.repo('hostile');
    expect((await sb.ckpt(dir, ['save', '-m', 'innocent'])).code).toBe(0);
    const blob = sb.gitIn(dir, ['hash-object', '-w', '--stdin'], 'pwned\n');
    const inner = sb.gitIn(dir, ['mktree'], `100644 blob ${blob}\tpwned.txt\n`);
    const hooks = sb.gitIn(dir, ['mktree'], `100755 blob ${blob}\tpost-checkout\n`);
    const dotgit = sb.gitIn(dir, ['mktree'], `040000 tree ${hooks}\thooks\n`);
    const readme = sb.git(dir, 'rev-parse', 'HEAD:README.md').trim();
    const evil = rawTree(dir, [
      { mode: '40000', name: '..', oid: inner }, { mode: '40000', name: '.Git.', oid: dotgit }, { mode: '40000', name: '.git', oid: dotgit },
      { mode: '40000', name: 'git~1', oid: dotgit },
      { mode: '100644', name: 'README.md', oid: readme }, { mode: '100644', name: 'fine.txt', oid: blob },
    ]);
    const id = forgeWip(dir, evil);
    const res = await sb.ckpt(dir, ['apply', id]);
    expect(res.code).toBe(1);
    // `.Git.` and `git~1` are `.git` on a Windows or macOS working tree.
    expect(res.stderr).toContain('holds paths outside the working tree; nothing applied:\n\t..\n\t.Git.\n\t.git\n\tgit~1\n');
    expect(existsSync(join(sb.root, 'pwned.txt'))).toBe(false);
    expect(existsSync(join(dir, '.git', 'hooks', 'post-checkout'))).toBe(false);
    expect(existsSync(join(dir, 'fine.txt'))).toBe(false);
  });

  it('refuses to write through a symlinked directory', async () => {
    const dir = sb.repo('symlinked');
    mkdirSync(join(dir, 'link'));
    writeFileSync(join(dir, 'link', 'file.txt'), 'inside\n');
    const id = (await sb.ckpt(dir, ['save', '-m', 'with a dir'])).stdout.trim();
    rmSync(join(dir, 'link'), { recursive: true });
    const outside = join(sb.root, 'outside');
    mkdirSync(outside);
    symlinkSync(outside, join(dir, 'link'));
    const res = await sb.ckpt(dir, ['apply', id]);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain("refusing to write 'link/file.txt': 'link' is not a directory");
    expect(existsSync(join(outside, 'file.txt'))).toBe(false);
  });
});

/**
 * Work-tree symlinks are hashed as git hashes them — the link's target text,
 * mode 120000 — and never followed (SPEC §9): a link to a FIFO must not make a
 * command wait forever, a link to /dev/zero must not read without end, and a
 * link to a file outside the repository must not put that file's hash in the
 * record. A special file in place of a tracked one is left out with a reason.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSandbox, type RunResult, type Sandbox } from '../helpers/sandbox.js';

let sb: Sandbox;
let dir: string;
let outside: string;
const LIMIT = 20_000;

const ok = (r: RunResult, ...codes: number[]) => expect(codes.length ? codes : [0], `${r.code}: ${r.stderr}`).toContain(r.code);
const linkHash = (target: string) => sb.gitIn(dir, ['hash-object', '--stdin'], target);

beforeAll(() => {
  sb = makeSandbox();
  dir = sb.repo('links');
  mkdirSync(join(sb.root, 'elsewhere'));
  outside = join(sb.root, 'elsewhere', 'private.txt');
  writeFileSync(outside, 'content that lives outside the repository\n');
  execFileSync('mkfifo', [join(sb.root, 'elsewhere', 'pipe')]);
  writeFileSync(join(dir, 'tracked.txt'), 'tracked\n');
  sb.git(dir, 'add', 'tracked.txt');
  sb.git(dir, 'commit', '-q', '-m', 'tracked');
  symlinkSync(join(sb.root, 'elsewhere', 'pipe'), join(dir, 'to-fifo'));
  symlinkSync('/dev/zero', join(dir, 'to-zero'));
  symlinkSync(outside, join(dir, 'to-private'));
  // A tracked file replaced by a FIFO: git lists it as modified, and cannot store it.
  unlinkSync(join(dir, 'tracked.txt'));
  execFileSync('mkfifo', [join(dir, 'tracked.txt')]);
});
afterAll(() => sb.cleanup());

describe('symlinks and special files in the working tree', () => {
  it('save and status finish promptly', async () => {
    const saved = await sb.ckpt(dir, ['save', '-m', 'links around'], { timeoutMs: LIMIT });
    ok(saved);
    expect(saved.stderr).toContain('tracked.txt (special)');
    ok(await sb.ckpt(dir, ['status'], { timeoutMs: LIMIT }), 0, 3);
  });

  it('records each link by its target text, never the content it points at', async () => {
    const record = JSON.parse((await sb.ckpt(dir, ['show', 'latest', '--format', 'json'])).stdout);
    const files = new Map<string, string | null>(record.git.worktree.files.map((f: { path: string; oid: string | null }) => [f.path, f.oid]));
    expect(files.get('to-private')).toBe(linkHash(outside));
    expect(files.get('to-private')).not.toBe(sb.git(dir, 'hash-object', outside).trim());
    expect(files.get('to-zero')).toBe(linkHash('/dev/zero'));
    expect(files.get('to-fifo')).toBe(linkHash(join(sb.root, 'elsewhere', 'pipe')));
    expect(files.get('tracked.txt')).toBeNull();
    const wip = sb.git(dir, 'ls-tree', record.git.wip.tree);
    expect(wip).toContain(`120000 blob ${linkHash(outside)}\tto-private`);
    expect(wip).toContain(`120000 blob ${linkHash('/dev/zero')}\tto-zero`);
    expect(record.git.wip.excluded).toEqual([{ path: 'tracked.txt', reason: 'special' }]);
  });

  it('resume finishes and finds the links unchanged', async () => {
    const resumed = await sb.ckpt(dir, ['resume', '--format', 'json'], { timeoutMs: LIMIT });
    ok(resumed, 0, 3);
    const { worktree } = JSON.parse(resumed.stdout).reconcile;
    expect([...worktree.changed, ...worktree.unrecorded].filter((p: string) => p.startsWith('to-'))).toEqual([]);
  });

  it('apply puts a removed link back as a link, next to a link to a FIFO', async () => {
    rmSync(join(dir, 'to-private'));
    const applied = await sb.ckpt(dir, ['apply', 'latest'], { timeoutMs: LIMIT });
    ok(applied);
    expect(applied.stdout).toContain('restored: to-private');
    expect(execFileSync('readlink', [join(dir, 'to-private')]).toString().trim()).toBe(outside);
  });
});

/**
 * Read-only and nearly full file systems for the disk tests. As root,
 * permission bits are ignored, so these are real mounts: a read-only bind
 * mount of a directory, or a small tmpfs. Where mounting is not possible (not
 * root, no mount namespace rights), `mountSupport()` says why, and the tests
 * that need it are skipped with that reason.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Mount {
  path: string;
  release(): void;
}

function run(cmd: string, args: string[]): { ok: boolean; err: string } {
  const res = spawnSync(cmd, args, { encoding: 'utf8' });
  return { ok: res.status === 0, err: (res.stderr ?? res.error?.message ?? '').trim() };
}

let support: string | null | undefined;

/** Null when this process can mount; otherwise why not (the skip reason). */
export function mountSupport(): string | null {
  if (support !== undefined) return support;
  if (process.getuid?.() !== 0) return (support = 'needs root to mount a read-only or small file system');
  const probe = mkdtempSync(join(tmpdir(), 'gcp-mount-'));
  const res = run('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe]);
  if (res.ok) run('umount', [probe]);
  rmSync(probe, { recursive: true, force: true });
  return (support = res.ok ? null : `cannot mount here: ${res.err || 'mount failed'}`);
}

function unmounter(path: string): () => void {
  return () => void run('umount', [path]);
}

/** `source` seen read-only at a new path (a bind mount, remounted ro). */
export function readOnlyView(source: string, at: string): Mount {
  mkdirSync(at, { recursive: true });
  const bind = run('mount', ['--bind', source, at]);
  if (!bind.ok) throw new Error(`mount --bind failed: ${bind.err}`);
  const ro = run('mount', ['-o', 'remount,bind,ro', at]);
  if (!ro.ok) {
    run('umount', [at]);
    throw new Error(`remount read-only failed: ${ro.err}`);
  }
  return { path: at, release: unmounter(at) };
}

/** A tmpfs of `size` (mount syntax: `256k`, `2m`) at `at`. */
export function smallTmpfs(at: string, size: string): Mount {
  mkdirSync(at, { recursive: true });
  const res = run('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', at]);
  if (!res.ok) throw new Error(`mount tmpfs failed: ${res.err}`);
  return { path: at, release: unmounter(at) };
}

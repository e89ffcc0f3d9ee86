/**
 * Reading and removing working-tree files for both backends (node:fs for the
 * CLI, memfs for isomorphic-git): never through a symlinked directory, and
 * removing the directories a removal leaves empty, as git does.
 */
import { posix } from 'node:path';
import { OperationError } from '../errors.js';

const { dirname, join } = posix;

/** The parts of `fs.promises` used for working trees (node:fs and memfs both provide them). */
export interface WorktreeFs {
  readFile(path: string): Promise<Uint8Array>;
  writeFile(path: string, data: Uint8Array): Promise<void>;
  mkdir(path: string, opts: { recursive: true }): Promise<unknown>;
  unlink(path: string): Promise<void>;
  rmdir(path: string): Promise<void>;
  symlink(target: string, path: string): Promise<void>;
  chmod(path: string, mode: number): Promise<void>;
  readlink(path: string): Promise<string>;
  lstat(path: string): Promise<{ isFile(): boolean; isDirectory(): boolean; isSymbolicLink(): boolean; size: number; mode: number }>;
}

/** Refuses a path whose leading directories include a symlink: writing there would leave the working tree. */
export async function refuseSymlinkedParent(fs: WorktreeFs, top: string, path: string): Promise<void> {
  const parts = path.split('/');
  for (let i = 1; i < parts.length; i++) {
    const st = await fs.lstat(join(top, ...parts.slice(0, i))).catch(() => null);
    if (!st) return;
    if (st.isSymbolicLink() || !st.isDirectory()) {
      throw new OperationError(`refusing to write '${path}': '${parts.slice(0, i).join('/')}' is not a directory`);
    }
  }
}

/** Deletes one file, then the directories it leaves empty. */
export async function removeFile(fs: WorktreeFs, top: string, path: string): Promise<void> {
  await fs.unlink(join(top, path)).catch(() => undefined);
  for (let dir = dirname(path); dir !== '.'; dir = dirname(dir)) {
    if (!(await fs.rmdir(join(top, dir)).then(() => true, () => false))) break;
  }
}

/**
 * See `Worktree.readWorktreeFile`: a symlink's target, not what it points at;
 * null for what is not a file (or vanished while being read).
 */
export async function readWorktreeFile(
  fs: WorktreeFs, top: string, path: string, maxBytes: number,
): Promise<{ size: number; data: Uint8Array | null } | null> {
  const full = join(top, path);
  const st = await fs.lstat(full).catch(() => null);
  if (!st) return null;
  if (st.isSymbolicLink()) {
    const target = Buffer.from(await fs.readlink(full));
    return { size: target.length, data: target.length <= maxBytes ? target : null };
  }
  if (!st.isFile()) return null;
  if (st.size > maxBytes) return { size: st.size, data: null };
  const data = await fs.readFile(full).catch(() => null);
  return data ? { size: data.length, data: data.length <= maxBytes ? data : null } : null;
}

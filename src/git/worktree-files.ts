/**
 * Writing and removing working-tree files for both backends (node:fs for the
 * CLI, memfs for isomorphic-git): never through a symlinked directory, and
 * removing the directories a removal leaves empty, as git does. Reading is in
 * worktree-read.ts.
 */
import { posix } from 'node:path';
import { OperationError } from '../errors.js';

const { dirname, join } = posix;

/** What `lstat` and `fstat` say (node:fs and memfs both give these). */
export interface WorktreeStats {
  isFile(): boolean;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
  isFIFO?(): boolean;
  isSocket?(): boolean;
  isCharacterDevice?(): boolean;
  isBlockDevice?(): boolean;
  size: number;
  mode: number;
}

/** The parts of `fs.promises` used for working trees (node:fs and memfs both provide them). */
export interface WorktreeFs {
  rename(from: string, to: string): Promise<void>;
  readFile(path: string): Promise<Uint8Array>;
  writeFile(path: string, data: Uint8Array): Promise<void>;
  mkdir(path: string, opts: { recursive: true }): Promise<unknown>;
  unlink(path: string): Promise<void>;
  rmdir(path: string): Promise<void>;
  symlink(target: string, path: string): Promise<void>;
  chmod(path: string, mode: number): Promise<void>;
  readlink(path: string): Promise<string>;
  lstat(path: string): Promise<WorktreeStats>;
}

/**
 * The synchronous reads of working-tree files (node:fs and memfs both provide
 * them). Reading many small files one after the other costs less this way than
 * a round of the thread pool for each open, stat, read and close.
 */
export interface WorktreeSyncFs {
  lstatSync(path: string): WorktreeStats;
  readlinkSync(path: string): string;
  openSync(path: string, flags: number): number;
  fstatSync(fd: number): WorktreeStats;
  readSync(fd: number, buffer: Uint8Array, offset: number, length: number, position: number): number;
  closeSync(fd: number): void;
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

/** Deletes one file (already gone is fine; a file that cannot be removed is an error), then the directories it leaves empty. */
export async function removeFile(fs: WorktreeFs, top: string, path: string): Promise<void> {
  await fs.unlink(join(top, path)).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'ENOENT') throw err;
  });
  for (let dir = dirname(path); dir !== '.'; dir = dirname(dir)) {
    if (!(await fs.rmdir(join(top, dir)).then(() => true, () => false))) break;
  }
}

/**
 * The wip snapshot without an index: HEAD's tree with the changed paths
 * rewritten (tree-edit.ts), each changed file read once and written as a blob
 * in-process. Used when git would store the files as their bytes
 * (plain-content.ts); null when a path needs git's own rules (a special
 * file, a submodule, a file changing while read), and
 * the caller then builds the snapshot through a temporary index.
 */
import * as fsp from 'node:fs/promises';
import { join } from 'node:path';
import { mapInBatches } from '../io/concurrency.js';
import type { Repo } from './repo.js';
import { editTree, TreeEditRefused, type PathEdit } from './tree-edit.js';
import { readWorktreeFile } from './worktree-read.js';
import type { WorktreeFs } from './worktree-files.js';

type SnapshotRepo = Pick<Repo, 'readTree' | 'writeTree' | 'writeBlob'>;

/** Paths written at once: enough to overlap reads and writes, bounded in open files. */
const BATCH = 32;

/** `headTree`: HEAD's tree, null on an unborn branch. */
export async function snapshotInProcess(repo: SnapshotRepo, top: string, paths: string[], headTree: string | null): Promise<string | null> {
  try {
    const done = await mapInBatches(paths, BATCH, (p) => editFor(repo, top, p));
    return await editTree(repo, headTree, new Map(paths.map((p, i) => [p, done[i]!])));
  } catch (err) {
    if (err instanceof TreeEditRefused) return null;
    throw err;
  }
}

async function editFor(repo: SnapshotRepo, top: string, path: string): Promise<PathEdit> {
  const full = join(top, path);
  const st = await fsp.lstat(full).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT' || err.code === 'ENOTDIR') return null;
    throw err;
  });
  // A directory where the path was a file: the file is gone (its new contents are paths of their own).
  if (!st || st.isDirectory()) return null;
  if (st.isSymbolicLink()) return { mode: '120000', oid: await repo.writeBlob(Buffer.from(await fsp.readlink(full))) };
  if (!st.isFile()) throw new TreeEditRefused(`'${path}' is not a file`);
  const file = await readWorktreeFile(fsp as unknown as WorktreeFs, top, path, Number.MAX_SAFE_INTEGER);
  if (!file?.data) throw new TreeEditRefused(`'${path}' changed while it was read`);
  return { mode: st.mode & 0o100 ? '100755' : '100644', oid: await repo.writeBlob(file.data) };
}

/**
 * The wip snapshot without an index: HEAD's tree with the changed paths
 * rewritten (tree-edit.ts), each changed file read once and written as a blob
 * in-process — or written from the bytes the save already read, never read
 * again. Used when git would store the files as their bytes
 * (plain-content.ts); null when a path needs git's own rules (a special
 * file, a submodule, a file changing while read), and
 * the caller then builds the snapshot through a temporary index.
 */
import { mapInBatches } from '../io/concurrency.js';
import type { Repo, WorktreeEntry } from './repo.js';
import { editTree, TreeEditRefused, type PathEdit } from './tree-edit.js';
import type { WorktreeSyncFs } from './worktree-files.js';
import { readWorktreeEntrySync, type StartBlobHash } from './worktree-read.js';

type SnapshotRepo = Pick<Repo, 'readTree' | 'writeTree' | 'writeBlob'>;

/** Where the files come from: the working tree, and the entries read already. */
export interface SnapshotSource {
  fs: WorktreeSyncFs;
  top: string;
  start: StartBlobHash;
  read?: ReadonlyMap<string, WorktreeEntry | null> | undefined;
}

/** Blobs written at once: enough to overlap the writes, bounded in open files. */
const BATCH = 32;

/** `headTree`: HEAD's tree, null on an unborn branch. */
export async function snapshotInProcess(repo: SnapshotRepo, src: SnapshotSource, paths: string[], headTree: string | null): Promise<string | null> {
  try {
    const done = await mapInBatches(paths, BATCH, (p) => editFor(repo, src, p));
    return await editTree(repo, headTree, new Map(paths.map((p, i) => [p, done[i]!])));
  } catch (err) {
    if (err instanceof TreeEditRefused) return null;
    throw err;
  }
}

async function editFor(repo: SnapshotRepo, src: SnapshotSource, path: string): Promise<PathEdit> {
  const known = src.read?.get(path);
  // Missing, or a directory where the path was a file: the file is gone (its new contents are paths of their own).
  if (known === null) return null;
  const entry = known?.data ? known : readWorktreeEntrySync(src.fs, src.top, path, Number.MAX_SAFE_INTEGER, src.start);
  // Bytes let go after the first read: what is written now must be what the record names.
  if (known && (entry?.oid ?? null) !== known.oid) throw new Error(`'${path}' changed while the checkpoint was being made`);
  if (!entry) return null;
  if (!entry.mode) throw new TreeEditRefused(`'${path}' is not a file`);
  if (!entry.data) throw new TreeEditRefused(`'${path}' changed while it was read`);
  return { mode: entry.mode, oid: await repo.writeBlob(entry.data) };
}

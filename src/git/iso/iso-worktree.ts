/**
 * Working-tree snapshots and restores for the isomorphic-git backend. No index
 * is involved at all: the snapshot is HEAD's tree with the changed paths
 * replaced, written tree by tree, so the user's index cannot be touched.
 */
import { posix } from 'node:path';
import { OperationError } from '../../errors.js';
import type { ObjectId, Repo, TreeEntry } from '../repo.js';
import { refuseSymlinkedParent, removeFile, type WorktreeFs } from '../worktree-files.js';
import type { SnapshotSource } from '../snapshot-in-process.js';
import { readWorktreeEntrySync } from '../worktree-read.js';

const { dirname, join } = posix;

type Flat = Map<string, { mode: TreeEntry['mode']; oid: ObjectId }>;

/** Every blob and gitlink under `tree`, by full path. */
async function flatten(repo: Repo, tree: ObjectId, prefix = '', out: Flat = new Map()): Promise<Flat> {
  for (const e of (await repo.readTree(tree)) ?? []) {
    const path = prefix + e.name;
    if (e.type === 'tree') await flatten(repo, e.oid, `${path}/`, out);
    else out.set(path, { mode: e.mode, oid: e.oid });
  }
  return out;
}

/** Writes nested trees for a flat path map, bottom-up; returns the root tree. */
async function writeNested(repo: Repo, flat: Flat): Promise<ObjectId> {
  const dirs = new Map<string, TreeEntry[]>([['', []]]);
  const ensure = (dir: string): TreeEntry[] => {
    let list = dirs.get(dir);
    if (!list) {
      list = [];
      dirs.set(dir, list);
      if (dir) ensure(dir.includes('/') ? dirname(dir) : '');
    }
    return list;
  };
  for (const [path, e] of flat) {
    const dir = path.includes('/') ? dirname(path) : '';
    ensure(dir).push({ mode: e.mode, type: e.mode === '160000' ? 'commit' : 'blob', oid: e.oid, name: path.slice(dir ? dir.length + 1 : 0) });
  }
  // Deepest first, so every subtree exists before its parent lists it.
  const order = [...dirs.keys()].sort((a, b) => b.split('/').length - a.split('/').length || (a < b ? 1 : -1));
  for (const dir of order) {
    if (!dir) continue;
    const oid = await repo.writeTree(dirs.get(dir)!);
    const parent = dir.includes('/') ? dirname(dir) : '';
    dirs.get(parent)!.push({ mode: '040000', type: 'tree', oid, name: dir.slice(parent ? parent.length + 1 : 0) });
  }
  return repo.writeTree(dirs.get('')!);
}

/** See `Worktree.snapshotWorktree`: each path from `src.read` when read already, else read here once. */
export async function snapshotWorktree(repo: Repo, src: SnapshotSource, changed: string[], keep: string[]): Promise<ObjectId> {
  const head = await repo.readRef('HEAD');
  const commit = head ? await repo.readCommit(head) : null;
  const flat = commit ? await flatten(repo, commit.tree) : new Map() as Flat;
  const kept = new Set(keep);
  for (const path of new Set(changed)) {
    if (kept.has(path) || path.endsWith('/')) continue;
    const known = src.read?.get(path);
    const entry = known === null ? null : known?.data ? known : readWorktreeEntrySync(src.fs, src.top, path, Number.MAX_SAFE_INTEGER, src.start);
    if (known && (entry?.oid ?? null) !== known.oid) throw new OperationError(`'${path}' changed while the checkpoint was being made`);
    if (entry?.mode && entry.data) flat.set(path, { mode: entry.mode, oid: await repo.writeBlob(entry.data) });
    else if (!entry) flat.delete(path);
  }
  return writeNested(repo, flat);
}

/** See `Worktree.restoreWorktreeFiles`. */
export async function restoreWorktreeFiles(
  repo: Repo, fsp: WorktreeFs, top: string, tree: ObjectId, write: string[], remove: string[],
): Promise<void> {
  for (const path of [...write, ...remove]) await refuseSymlinkedParent(fsp, top, path);
  const flat = await flatten(repo, tree);
  const blobs = await Promise.all(write.map(async (path) => {
    const entry = flat.get(path);
    const data = entry && entry.mode !== '160000' ? await repo.readBlob(entry.oid) : null;
    if (!entry || !data) throw new OperationError(`'${path}' is not a file in tree ${tree}`);
    return { path, mode: entry.mode, data };
  }));
  for (const { path, mode, data } of blobs) {
    const full = join(top, path);
    await fsp.mkdir(dirname(full), { recursive: true });
    // Written whole under a temporary name, then renamed: never a truncated file in its place.
    const tmp = `${full}.git-checkpoint.tmp`;
    await fsp.unlink(tmp).catch(() => undefined);
    try {
      if (mode === '120000') await fsp.symlink(Buffer.from(data).toString('utf8'), tmp);
      else {
        await fsp.writeFile(tmp, data);
        await fsp.chmod(tmp, mode === '100755' ? 0o755 : 0o644);
      }
      await fsp.rename(tmp, full);
    } finally {
      await fsp.unlink(tmp).catch(() => undefined);
    }
  }
  for (const path of remove) await removeFile(fsp, top, path);
}

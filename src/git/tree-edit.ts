/**
 * A tree with some paths changed, built from a base tree by rewriting only
 * the trees on those paths: O(paths × depth) objects read and written,
 * whatever the size of the rest (a wip snapshot of 10 dirty files in a
 * 100,000-file repository reads and writes a few dozen trees, never an index).
 */
import type { ObjectId, Repo, TreeEntry } from './repo.js';

/** What a path becomes: a blob (file or symlink) with its mode, or null (removed). */
export type PathEdit = { mode: '100644' | '100755' | '120000'; oid: ObjectId } | null;

/** Thrown when a tree on an edited path cannot be rewritten faithfully (a name that is not UTF-8, a submodule). */
export class TreeEditRefused extends Error {}

type TreeIo = Pick<Repo, 'readTree' | 'writeTree'>;

/** `base` (null: the empty tree) with `edits` applied; the new root tree's id. */
export async function editTree(repo: TreeIo, base: ObjectId | null, edits: Map<string, PathEdit>): Promise<ObjectId> {
  const split = [...edits].map(([path, edit]) => ({ parts: path.split('/'), edit }));
  return (await rewrite(repo, base, split)) ?? repo.writeTree([]);
}

interface Pending {
  parts: string[];
  edit: PathEdit;
}

/** The rewritten tree; null when it ends up empty (git stores no empty subtree). */
async function rewrite(repo: TreeIo, base: ObjectId | null, edits: Pending[]): Promise<ObjectId | null> {
  const entries = new Map<string, TreeEntry>();
  if (base) {
    const read = await repo.readTree(base);
    if (!read) throw new TreeEditRefused(`tree ${base} cannot be read`);
    for (const e of read) {
      // A name git stored in bytes that are not UTF-8 would come back changed.
      if (e.name.includes('\uFFFD')) throw new TreeEditRefused(`a name in tree ${base} is not UTF-8`);
      entries.set(e.name, e);
    }
  }
  const deeper = new Map<string, Pending[]>();
  const here: Pending[] = [];
  for (const p of edits) {
    if (p.parts.length === 1) here.push(p);
    else deeper.set(p.parts[0]!, [...(deeper.get(p.parts[0]!) ?? []), { parts: p.parts.slice(1), edit: p.edit }]);
  }
  // Sibling subtrees at once: their reads reach git together (one write to cat-file, not one each).
  const subs = await Promise.all([...deeper].map(async ([name, below]) => {
    const old = entries.get(name);
    if (old?.mode === '160000') throw new TreeEditRefused(`'${name}' is a submodule`);
    return { name, old, sub: await rewrite(repo, old?.type === 'tree' ? old.oid : null, below) };
  }));
  for (const { name, old, sub } of subs) {
    if (sub) entries.set(name, { mode: '040000', type: 'tree', oid: sub, name });
    else if (old?.type === 'tree') entries.delete(name);
  }
  // A file where a directory was (or the other way round): the edit of the path itself wins.
  for (const { parts, edit } of here) {
    const name = parts[0]!;
    if (entries.get(name)?.mode === '160000') throw new TreeEditRefused(`'${name}' is a submodule`);
    if (edit) entries.set(name, { mode: edit.mode, type: 'blob', oid: edit.oid, name });
    else if (!deeper.has(name)) entries.delete(name);
  }
  return entries.size ? repo.writeTree([...entries.values()]) : null;
}

/**
 * `apply` planned from data, then performed (SPEC §5, §9): which files the
 * checkpoint's `wip` tree changes relative to its head, which of them would
 * overwrite a local change (then nothing is written at all), and which paths
 * are unsafe — leaving the working tree or reaching into `.git`.
 */
import type { ObjectId, Repo, TreeEntry } from '../../git/repo.js';
import { isSafeName } from '../record/safe-path.js';

export interface TreeChange {
  path: string;
  /** The blob in the checkpoint's head; null when the head lacks the path. */
  base: string | null;
  /** The blob in the wip tree; null when the wip deletes the path. */
  target: string | null;
  targetMode: TreeEntry['mode'] | null;
}

export interface ApplyPlan {
  write: string[];
  remove: string[];
  /** Already as in the checkpoint. */
  unchanged: string[];
  /** Local changes that writing would overwrite: apply refuses them all. */
  conflicts: string[];
  /** Submodule entries, which are not files to write. */
  skipped: string[];
}

/**
 * Every blob that differs between two trees, descending only into subtrees
 * that differ. Unsafe entry names (on either side: a removal is a write too)
 * are collected in `unsafe`, never followed.
 */
export async function diffTrees(repo: Repo, base: ObjectId | null, target: ObjectId | null, unsafe: string[], prefix = ''): Promise<TreeChange[]> {
  const [a, b] = await Promise.all([base ? repo.readTree(base) : [], target ? repo.readTree(target) : []]);
  const left = new Map((a ?? []).map((e) => [e.name, e]));
  const right = new Map((b ?? []).map((e) => [e.name, e]));
  const changes: TreeChange[] = [];
  for (const name of [...new Set([...left.keys(), ...right.keys()])].sort()) {
    const [l, r] = [left.get(name), right.get(name)];
    if (l && r && l.oid === r.oid && l.mode === r.mode) continue;
    const path = prefix + name;
    if (!isSafeName(name)) {
      unsafe.push(path);
      continue;
    }
    const lTree = l?.type === 'tree' ? l.oid : null;
    const rTree = r?.type === 'tree' ? r.oid : null;
    if (rTree || lTree) {
      changes.push(...(await diffTrees(repo, lTree, rTree, unsafe, `${path}/`)));
      if (rTree && lTree) continue;
    }
    const lBlob = l && l.type !== 'tree' ? l : null;
    const rBlob = r && r.type !== 'tree' ? r : null;
    if (lBlob || rBlob) changes.push({ path, base: lBlob?.oid ?? null, target: rBlob?.oid ?? null, targetMode: rBlob?.mode ?? null });
  }
  return changes;
}

/**
 * Decides what to write, given the working tree's blob ids (`now`), the paths
 * dirty now, and HEAD's blob ids. A path is a conflict when its content is
 * neither the checkpoint's result nor its base, and is not simply HEAD's
 * clean content (which stays recoverable from HEAD).
 */
export function planApply(
  changes: TreeChange[], now: Map<string, string | null>, dirty: Set<string>, head: Map<string, string | null>,
): ApplyPlan {
  const plan: ApplyPlan = { write: [], remove: [], unchanged: [], conflicts: [], skipped: [] };
  for (const c of changes) {
    if (c.targetMode === '160000') {
      plan.skipped.push(c.path);
      continue;
    }
    const cur = now.get(c.path) ?? null;
    if (cur === c.target) {
      plan.unchanged.push(c.path);
      continue;
    }
    const isRecoverable = cur === c.base || (!dirty.has(c.path) && cur === (head.get(c.path) ?? null));
    if (!isRecoverable) plan.conflicts.push(c.path);
    else if (c.target === null) plan.remove.push(c.path);
    else plan.write.push(c.path);
  }
  return plan;
}

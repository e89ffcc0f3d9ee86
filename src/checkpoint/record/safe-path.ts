/**
 * Paths from a stored checkpoint name places in someone's working tree
 * (SPEC §9: `apply` refuses paths that leave it). A safe path is relative,
 * has no empty, `.` or `..` component, and never enters a `.git` directory
 * (compared case-insensitively, with the trailing dots and spaces that
 * Windows ignores, as git's own fsck does).
 */
import type { ObjectId, Repo, WorktreeStatus } from '../../git/repo.js';

const GIT_DIR_NAME = /^\.git[. ]*$|^git~\d+$/i;

/** True when one tree entry name is safe to create inside a working tree. */
export function isSafeName(name: string): boolean {
  return name !== '' && name !== '.' && name !== '..' && !/[/\\\0]/.test(name) && !GIT_DIR_NAME.test(name);
}

/** True when `path` (slash-separated) stays inside the working tree and out of `.git`. */
export function isSafeRelativePath(path: string): boolean {
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path) || path.includes('\0')) return false;
  return path.split('/').every((part) => part !== '' && part !== '.' && part !== '..' && !GIT_DIR_NAME.test(part));
}

/**
 * The status without the entries a checkpoint cannot hold: paths git itself
 * refuses to track (an untracked `.GIT/` or `git~1/` on a case-sensitive
 * disk). Save leaves them out (and says so); resume does not count them.
 */
export function recordableStatus(status: WorktreeStatus): { status: WorktreeStatus; leftOut: string[]; nested: string[] } {
  const ok = (path: string) => isSafeRelativePath(path.endsWith('/') ? path.slice(0, -1) : path);
  const leftOut = status.entries.filter((e) => !ok(e.path) || (e.origPath !== undefined && !ok(e.origPath))).map((e) => e.path);
  const gone = new Set(leftOut);
  // git lists an untracked directory whole only when it is a repository of its own (a nested clone, a
  // worktree added inside the tree): such a path is recorded by name and never snapshotted.
  const nested = status.entries.filter((e) => !gone.has(e.path) && e.path.endsWith('/')).map((e) => e.path.slice(0, -1));
  if (!leftOut.length && !nested.length) return { status, leftOut, nested };
  const entries = status.entries.filter((e) => !gone.has(e.path)).map((e) => (e.path.endsWith('/') ? { ...e, path: e.path.slice(0, -1) } : e));
  return { status: { ...status, entries }, leftOut, nested };
}

export interface TreeCheck {
  /** Paths of entries that would leave the working tree or enter `.git`. */
  unsafe: string[];
  /** True when the walk stopped at `maxEntries` before seeing everything. */
  truncated: boolean;
}

/**
 * Walks a `wip` tree (breadth first, each subtree once, at most `maxEntries`
 * entries) and lists the entries whose names are unsafe. Bounded whatever the
 * tree holds: a hostile tree may repeat one subtree a million times.
 */
export async function findUnsafeEntries(repo: Repo, tree: ObjectId, maxEntries = 10_000): Promise<TreeCheck> {
  const unsafe: string[] = [];
  const seen = new Set<ObjectId>();
  const queue: { oid: ObjectId; prefix: string }[] = [{ oid: tree, prefix: '' }];
  let count = 0;
  while (queue.length) {
    const { oid, prefix } = queue.shift()!;
    if (seen.has(oid)) continue;
    seen.add(oid);
    for (const entry of (await repo.readTree(oid)) ?? []) {
      if (++count > maxEntries) return { unsafe, truncated: true };
      const path = `${prefix}${entry.name}`;
      if (!isSafeName(entry.name)) unsafe.push(path);
      else if (entry.type === 'tree') queue.push({ oid: entry.oid, prefix: `${path}/` });
    }
  }
  return { unsafe, truncated: false };
}

/**
 * Working-tree operations of the CLI backend that need an index of their own:
 * each one builds a temporary index in the git dir (GIT_INDEX_FILE), so the
 * user's index, HEAD and every ref stay untouched, and removes it afterwards.
 */
import { lstat, mkdir, readFile, readlink, rm, rmdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { OperationError } from '../errors.js';
import type { ObjectId } from './repo.js';
import { gitOk, runGit, type RunOptions } from './run-git.js';

let indexSeq = 0;

/** Runs `fn` with options pointing git at a fresh temporary index; always removes it. */
async function withTempIndex<T>(opts: RunOptions, gitDir: string, fn: (o: RunOptions) => Promise<T>): Promise<T> {
  const index = join(gitDir, 'checkpoint', `tmp-index-${process.pid}-${++indexSeq}`);
  await mkdir(dirname(index), { recursive: true });
  try {
    return await fn({ ...opts, extraEnv: { ...opts.extraEnv, GIT_INDEX_FILE: index } });
  } finally {
    await rm(index, { force: true });
    await rm(`${index}.lock`, { force: true });
  }
}

async function hasHead(opts: RunOptions): Promise<boolean> {
  return (await runGit(['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'], opts)).code === 0;
}

/** See `Worktree.snapshotWorktree`: read-tree HEAD, update-index the changed paths, write-tree. */
export async function snapshotWorktree(opts: RunOptions, gitDir: string, changed: string[], keep: string[]): Promise<ObjectId> {
  const kept = new Set(keep);
  // Directories (nested repositories, listed as `dir/`) are not files git can stage here.
  const update = [...new Set(changed)].filter((p) => !kept.has(p) && !p.endsWith('/'));
  return withTempIndex(opts, gitDir, async (o) => {
    // HEAD's tree, or nothing on an unborn branch (asked only when reading HEAD failed: one process less per save).
    if ((await runGit(['read-tree', 'HEAD'], o)).code !== 0) {
      if (await hasHead(opts)) await gitOk(['read-tree', 'HEAD'], o);
      else await gitOk(['read-tree', '--empty'], o);
    }
    if (update.length) {
      await gitOk(['update-index', '--add', '--remove', '-z', '--stdin'], { ...o, input: `${update.join('\0')}\0` });
    }
    return (await gitOk(['write-tree'], o)).toString('utf8').trim();
  });
}

/** See `Worktree.restoreWorktreeFiles`: checkout-index from a temporary index holding `tree`. */
export async function restoreWorktreeFiles(
  opts: RunOptions, gitDir: string, tree: ObjectId, write: string[], remove: string[],
): Promise<void> {
  const top = opts.cwd;
  for (const path of [...write, ...remove]) await refuseSymlinkedParent(top, path);
  if (write.length) {
    await withTempIndex(opts, gitDir, async (o) => {
      await gitOk(['read-tree', tree], o);
      await gitOk(['checkout-index', '-f', '-z', '--stdin'], { ...o, input: `${write.join('\0')}\0` });
    });
  }
  for (const path of remove) await removeFile(top, path);
}

/** Refuses a path whose leading directories include a symlink: writing there would leave the working tree. */
export async function refuseSymlinkedParent(top: string, path: string): Promise<void> {
  const parts = path.split('/');
  for (let i = 1; i < parts.length; i++) {
    const st = await lstat(join(top, ...parts.slice(0, i))).catch(() => null);
    if (!st) return;
    if (st.isSymbolicLink() || !st.isDirectory()) {
      throw new OperationError(`refusing to write '${path}': '${parts.slice(0, i).join('/')}' is not a directory`);
    }
  }
}

/** Deletes one file, then the directories it leaves empty (as git does). */
async function removeFile(top: string, path: string): Promise<void> {
  await rm(join(top, path), { force: true });
  const parts = path.split('/').slice(0, -1);
  for (let i = parts.length; i > 0; i--) {
    const ok = await rmdir(join(top, ...parts.slice(0, i))).then(() => true, () => false);
    if (!ok) return;
  }
}

/** See `Worktree.diffTreeToWorktree`: `tree` in a temporary index, new files as intent-to-add, then `git diff`. */
export async function diffTreeToWorktree(opts: RunOptions, gitDir: string, tree: ObjectId, exclude: string[]): Promise<string> {
  const pathspecs = [':/', ...exclude.map((p) => `:(top,exclude,literal)${p}`)];
  return withTempIndex(opts, gitDir, async (o) => {
    await gitOk(['read-tree', tree], o);
    await gitOk(['add', '--intent-to-add', '--', ...pathspecs], o);
    const out = await gitOk(['diff', '--no-color', '--no-ext-diff', '--no-textconv', '--', ...pathspecs], o);
    return out.toString('utf8');
  });
}

/** See `Worktree.readWorktreeFile`. */
export async function readWorktreeFile(
  top: string, path: string, maxBytes: number,
): Promise<{ size: number; data: Uint8Array | null } | null> {
  const full = join(top, path);
  const st = await lstat(full).catch(() => null);
  if (!st) return null;
  if (st.isSymbolicLink()) {
    const target = Buffer.from(await readlink(full));
    return { size: target.length, data: target.length <= maxBytes ? target : null };
  }
  if (!st.isFile()) return null;
  if (st.size > maxBytes) return { size: st.size, data: null };
  const data = await readFile(full).catch(() => null);
  return data ? { size: data.length, data: data.length <= maxBytes ? data : null } : null;
}

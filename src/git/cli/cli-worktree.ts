/**
 * Working-tree operations of the CLI backend that need an index of their own:
 * each one builds a temporary index in the git dir (GIT_INDEX_FILE), so the
 * user's index, HEAD and every ref stay untouched, and removes it afterwards
 * (or, when killed, the next run does: leftovers.ts).
 */
import { constants } from 'node:fs';
import * as fsp from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { ObjectId } from '../repo.js';
import { gitOk, runGit, type RunOptions } from './run-git.js';
import { removeLeftovers, tempName } from './leftovers.js';
import { refuseSymlinkedParent, removeFile } from '../worktree-files.js';
import { letGo, removeAtEnd } from '../../io/run-scope.js';

/**
 * Runs `fn` with options pointing git at a fresh temporary index; always
 * removes it. The index lives in the git dir, or, when that cannot be
 * written (a read-only repository: `diff` must still work), in a temporary
 * directory of the system. With `scratchObjects` (a command that only
 * reads), objects git writes on the way go to that temporary directory too,
 * reading the repository's own through an alternate; never for a command
 * whose objects must last.
 */
async function withTempIndex<T>(
  opts: RunOptions, gitDir: string, fn: (o: RunOptions) => Promise<T>, scratchObjects = false,
): Promise<T> {
  const own = join(gitDir, 'checkpoint');
  const isWritable = await fsp.mkdir(own, { recursive: true }).then(() => fsp.access(own, constants.W_OK)).then(() => true, () => false);
  const dir = isWritable ? own : await fsp.mkdtemp(join(tmpdir(), 'git-checkpoint-'));
  if (isWritable) await removeLeftovers(dir);
  const index = join(dir, tempName('tmp-index'));
  const extraEnv: Record<string, string> = { ...opts.extraEnv, GIT_INDEX_FILE: index };
  const owned = isWritable ? [index, `${index}.lock`] : [dir];
  for (const path of owned) removeAtEnd(path);
  try {
    if (!isWritable && scratchObjects) {
      const objects = (await gitOk(['rev-parse', '--path-format=absolute', '--git-path', 'objects'], opts)).toString('utf8').trim();
      await fsp.mkdir(join(dir, 'objects'));
      Object.assign(extraEnv, { GIT_OBJECT_DIRECTORY: join(dir, 'objects'), GIT_ALTERNATE_OBJECT_DIRECTORIES: objects });
    }
    return await fn({ ...opts, extraEnv });
  } finally {
    await fsp.rm(index, { force: true });
    await fsp.rm(`${index}.lock`, { force: true });
    if (!isWritable) await fsp.rm(dir, { recursive: true, force: true });
    for (const path of owned) letGo(path);
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

/**
 * See `Worktree.restoreWorktreeFiles`: checkout-index from a temporary index
 * holding `tree` into a staging directory in the git dir (git's filters and
 * modes apply), then each file renamed into place, so a process killed
 * midway leaves every file either as it was or complete, never truncated.
 */
export async function restoreWorktreeFiles(
  opts: RunOptions, gitDir: string, tree: ObjectId, write: string[], remove: string[],
): Promise<void> {
  const top = opts.cwd;
  for (const path of [...write, ...remove]) await refuseSymlinkedParent(fsp, top, path);
  if (write.length) {
    await withTempIndex(opts, gitDir, async (o) => {
      const staging = join(gitDir, 'checkpoint', tempName('apply'));
      removeAtEnd(staging);
      try {
        await gitOk(['read-tree', tree], o);
        await gitOk(['checkout-index', '-f', '-z', `--prefix=${staging}/`, '--stdin'], { ...o, input: `${write.join('\0')}\0` });
        for (const path of write) await moveIntoPlace(join(staging, path), join(top, path));
      } finally {
        await fsp.rm(staging, { recursive: true, force: true });
        letGo(staging);
      }
    });
  }
  for (const path of remove) await removeFile(fsp, top, path);
}

/** Renames a staged file over its target; across file systems, through a temporary file next to the target. */
async function moveIntoPlace(staged: string, target: string): Promise<void> {
  await fsp.mkdir(dirname(target), { recursive: true });
  try {
    await fsp.rename(staged, target);
  } catch (err) {
    if ((err as { code?: string }).code !== 'EXDEV') throw err;
    const tmp = `${target}.git-checkpoint-${process.pid}.tmp`;
    removeAtEnd(tmp);
    try {
      await fsp.cp(staged, tmp, { verbatimSymlinks: true, preserveTimestamps: false });
      await fsp.rename(tmp, target);
    } finally {
      await fsp.rm(tmp, { force: true });
      letGo(tmp);
    }
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
  }, true);
}

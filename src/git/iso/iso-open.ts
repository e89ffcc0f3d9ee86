/**
 * Finding and vetting a repository for the isomorphic-git backend. What
 * isomorphic-git cannot do (linked worktrees, SHA-256, reftable, index v4) is
 * refused on opening (SPEC §1).
 */
import { posix } from 'node:path';
import { FatalError, UnsupportedError } from '../../errors.js';
import { getConfig } from './iso-config.js';
import { nullWhenMissing, type FsPromises, type IsoContext } from './iso-context.js';

const { dirname, isAbsolute, join } = posix;

/**
 * The working tree and git dir: `gitdir` as given, or the `.git` found in `dir`
 * or its nearest parent. FatalError when there is none or it has no HEAD;
 * UnsupportedError for a linked worktree.
 */
export async function findRepo(fsp: FsPromises, dir: string, gitdir?: string): Promise<{ dir: string; gitdir: string }> {
  const found = gitdir ? { dir, gitdir } : await locateRepo(fsp, dir);
  if (!(await exists(fsp, join(found.gitdir, 'HEAD')))) throw notARepository();
  return found;
}

async function locateRepo(fsp: FsPromises, start: string): Promise<{ dir: string; gitdir: string }> {
  for (let dir = start; ; dir = dirname(dir)) {
    const st = await fsp.lstat(join(dir, '.git')).catch(() => null);
    if (st?.isDirectory()) return { dir, gitdir: join(dir, '.git') };
    if (st?.isFile()) return { dir, gitdir: await followGitFile(fsp, dir) };
    if (dirname(dir) === dir) throw notARepository();
  }
}

/** A `.git` file: a submodule works; a linked worktree does not (isomorphic-git ignores `commondir`). */
async function followGitFile(fsp: FsPromises, dir: string): Promise<string> {
  const target = /^gitdir: (.+)$/m.exec(await fsp.readFile(join(dir, '.git'), 'utf8'))?.[1]?.trim();
  if (!target) throw notARepository();
  const gitdir = isAbsolute(target) ? target : join(dir, target);
  if (await exists(fsp, join(gitdir, 'commondir'))) {
    throw new UnsupportedError(`linked worktrees are not supported by the isomorphic-git backend: ${dir}`, {
      hint: 'use the git CLI backend, or run from the main working tree',
      data: { dir, gitdir },
    });
  }
  return gitdir;
}

/** Throws UnsupportedError for a repository format isomorphic-git cannot read (SHA-256, reftable, index v4). */
export async function refuseUnsupported(ctx: IsoContext): Promise<void> {
  const format = await getConfig(ctx, 'extensions.objectFormat');
  if (format && format.toLowerCase() !== 'sha1') throw unsupported(`${format} object format`);
  const refStorage = await getConfig(ctx, 'extensions.refStorage');
  if (refStorage && refStorage.toLowerCase() !== 'files') throw unsupported(`${refStorage} ref storage`);
  const index = await ctx.fsp.readFile(join(ctx.gitdir, 'index')).catch(nullWhenMissing);
  // Bytes 4..8 of the index hold its version; isomorphic-git reads versions 2 and 3 only.
  const version = index && index.length >= 8 ? new DataView(index.buffer, index.byteOffset).getUint32(4) : 2;
  if (version > 3) throw unsupported(`index version ${version}`);
}

function unsupported(what: string): UnsupportedError {
  return new UnsupportedError(`the isomorphic-git backend cannot read this repository: ${what}`, {
    hint: 'use the git CLI backend',
  });
}

function notARepository(): FatalError {
  return new FatalError('not a git repository (or any of the parent directories): .git');
}

async function exists(fsp: FsPromises, path: string): Promise<boolean> {
  return (await fsp.lstat(path).catch(() => null)) !== null;
}

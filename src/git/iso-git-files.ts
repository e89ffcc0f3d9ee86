/**
 * This tool's own files inside the git dir, for the isomorphic-git backend:
 * `<gitdir>/checkpoint/<name>`, the same place as the CLI backend, so both see
 * one state. With no linked worktrees here, both scopes are the one git dir.
 */
import { posix } from 'node:path';
import { OperationError } from '../errors.js';
import { nullWhenMissing, type IsoContext } from './iso-context.js';

const { dirname, isAbsolute, join } = posix;
/** Our own files inside the git dir live under this directory (as in cli-git-files.ts). */
const GIT_FILES_DIR = 'checkpoint';

/** The file's text; null when it does not exist. */
export async function readGitFile(ctx: IsoContext, name: string): Promise<string | null> {
  return ctx.fsp.readFile(gitFilePath(ctx, name), 'utf8').catch(nullWhenMissing);
}

/**
 * Atomic: written to a temporary file, then renamed over the old one. `seq`
 * numbers the temporary file, so concurrent writes of one repository never share it.
 */
export async function writeGitFile(ctx: IsoContext, name: string, content: string, seq: number): Promise<void> {
  const path = gitFilePath(ctx, name);
  await ctx.fsp.mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.${seq}.tmp`;
  await ctx.fsp.writeFile(tmp, content);
  await ctx.fsp.rename(tmp, path);
}

/** Creates the file only when it does not exist (an inter-process lock); false when it does. */
export async function createGitFileExclusive(ctx: IsoContext, name: string, content: string): Promise<boolean> {
  const path = gitFilePath(ctx, name);
  await ctx.fsp.mkdir(dirname(path), { recursive: true });
  try {
    await ctx.fsp.writeFile(path, content, { flag: 'wx' });
    return true;
  } catch (err) {
    if ((err as { code?: string }).code === 'EEXIST') return false;
    throw err;
  }
}

/** Removes the file; no error when it is already gone. */
export async function deleteGitFile(ctx: IsoContext, name: string): Promise<void> {
  await ctx.fsp.unlink(gitFilePath(ctx, name)).catch(nullWhenMissing);
}

/** OperationError for a name that is empty, absolute, or has an empty, '.' or '..' part. */
function gitFilePath(ctx: IsoContext, name: string): string {
  if (!name || isAbsolute(name) || name.split('/').some((p) => p === '' || p === '.' || p === '..')) {
    throw new OperationError(`invalid git-dir file name: ${name}`);
  }
  return join(ctx.gitdir, GIT_FILES_DIR, name);
}

/**
 * This tool's own files inside the git dir, for the CLI backend:
 * `<git dir>/checkpoint/<name>`, in the worktree's own git dir or the common
 * one shared by every worktree of the clone.
 */
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { RepoInfo } from './repo.js';

type Scope = 'worktree' | 'common';

/** The file's text; null when it cannot be read. */
export async function readGitFile(info: RepoInfo, name: string, scope: Scope): Promise<string | null> {
  try {
    return await readFile(gitFilePath(info, name, scope), 'utf8');
  } catch {
    return null;
  }
}

/** Atomic: written to a temporary file, then renamed over the old one. */
export async function writeGitFile(info: RepoInfo, name: string, content: string, scope: Scope): Promise<void> {
  const path = gitFilePath(info, name, scope);
  await mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  await writeFile(tmp, content);
  await rename(tmp, path);
}

/** Creates the file only when it does not exist (an inter-process lock); false when it does. */
export async function createGitFileExclusive(info: RepoInfo, name: string, content: string, scope: Scope): Promise<boolean> {
  const path = gitFilePath(info, name, scope);
  await mkdir(dirname(path), { recursive: true });
  try {
    await writeFile(path, content, { flag: 'wx' });
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
}

/** Removes the file; no error when it is already gone. */
export async function deleteGitFile(info: RepoInfo, name: string, scope: Scope): Promise<void> {
  await rm(gitFilePath(info, name, scope), { force: true });
}

function gitFilePath(info: RepoInfo, name: string, scope: Scope): string {
  return join(scope === 'worktree' ? info.gitDir : info.commonDir, 'checkpoint', name);
}

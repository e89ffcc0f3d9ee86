/**
 * This tool's own files inside the git dir (`<dir>/checkpoint/<name>`), for
 * both backends: the CLI's node:fs and isomorphic-git's fs write them the
 * same way, so one repository has one state whichever backend opened it.
 */
import { posix } from 'node:path';
import { OperationError } from '../errors.js';
import { letGo, removeAtEnd } from '../io/run-scope.js';

/** The file-system calls used here: node:fs/promises and memfs both have them. */
export interface GitFilesFs {
  readFile(path: string, encoding: 'utf8'): Promise<string>;
  writeFile(path: string, data: string, opts?: { flag?: string }): Promise<void>;
  mkdir(path: string, opts: { recursive: true }): Promise<unknown>;
  rename(from: string, to: string): Promise<void>;
  link(existing: string, path: string): Promise<void>;
  unlink(path: string): Promise<void>;
}

/** Where the files live in a git dir: `<git dir>/checkpoint/`. */
export const GIT_FILES_DIR = 'checkpoint';
/** Numbers temporary files, so two writes of one file in one process never share one. */
let tmpSeq = 0;

/** The file's text; null when it cannot be read (these files are caches and bookkeeping). */
export async function readGitFile(fs: GitFilesFs, gitDir: string, name: string): Promise<string | null> {
  return fs.readFile(gitFilePath(gitDir, name), 'utf8').catch(() => null);
}

/** Atomic: written to a temporary file, then renamed over the old one. */
export async function writeGitFile(fs: GitFilesFs, gitDir: string, name: string, content: string): Promise<void> {
  const path = gitFilePath(gitDir, name);
  await fs.mkdir(posix.dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}-${++tmpSeq}.tmp`;
  const release = removeAtEnd(tmp);
  try {
    await fs.writeFile(tmp, content);
    await fs.rename(tmp, path);
  } catch (err) {
    // A full disk leaves an empty temporary file behind: not ours to keep.
    await fs.unlink(tmp).catch(() => undefined);
    throw err;
  } finally {
    release();
  }
}

/** Appends `content` to the file (created when missing): what an append-only cache grows by. */
export async function appendGitFile(fs: GitFilesFs, gitDir: string, name: string, content: string): Promise<void> {
  const path = gitFilePath(gitDir, name);
  await fs.mkdir(posix.dirname(path), { recursive: true });
  await fs.writeFile(path, content, { flag: 'a' });
}

/**
 * Creates the file only when it does not exist (an inter-process lock); false
 * when it does. The file appears with its content (a hard link of a finished
 * temporary file): another process never reads a lock that is still empty and
 * takes it for one left behind.
 */
export async function createGitFileExclusive(fs: GitFilesFs, gitDir: string, name: string, content: string): Promise<boolean> {
  const path = gitFilePath(gitDir, name);
  await fs.mkdir(posix.dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}-${++tmpSeq}.tmp`;
  const release = removeAtEnd(tmp);
  let taken = false;
  try {
    await fs.writeFile(tmp, content);
    try {
      await fs.link(tmp, path);
      taken = true;
    } catch (err) {
      if ((err as { code?: string }).code === 'EEXIST') return false;
      // A file system without hard links: create-if-absent, filled a moment later.
      taken = await createExclusive(fs, path, content);
    }
    // A lock held when the run ends (a signal, a hook out of time) goes with it.
    if (taken) removeAtEnd(path);
    return taken;
  } finally {
    await fs.unlink(tmp).catch(() => undefined);
    release();
  }
}

async function createExclusive(fs: GitFilesFs, path: string, content: string): Promise<boolean> {
  try {
    await fs.writeFile(path, content, { flag: 'wx' });
    return true;
  } catch (err) {
    if ((err as { code?: string }).code === 'EEXIST') return false;
    throw err;
  }
}

/** Removes the file; no error when it is already gone. */
export async function deleteGitFile(fs: GitFilesFs, gitDir: string, name: string): Promise<void> {
  const path = gitFilePath(gitDir, name);
  await fs.unlink(path).catch((err: { code?: string }) => {
    if (err.code !== 'ENOENT') throw err;
  });
  letGo(path);
}

/** OperationError for a name that is empty, absolute, or has an empty, '.' or '..' part. */
function gitFilePath(gitDir: string, name: string): string {
  if (!name || posix.isAbsolute(name) || name.split('/').some((p) => p === '' || p === '.' || p === '..')) {
    throw new OperationError(`invalid git-dir file name: ${name}`);
  }
  return posix.join(gitDir, GIT_FILES_DIR, name);
}

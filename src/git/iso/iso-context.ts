/**
 * What every part of the isomorphic-git backend shares: the file system (as
 * isomorphic-git's client and as plain promises), the two directories, and the
 * filters that turn "missing" into null.
 */
import type { FsClient } from 'isomorphic-git';

/** The subset of `fs.promises` the backend uses (node:fs and memfs both provide it). */
export interface FsPromises {
  readFile(path: string): Promise<Uint8Array>;
  readFile(path: string, encoding: 'utf8'): Promise<string>;
  writeFile(path: string, data: string | Uint8Array, opts?: { flag?: string }): Promise<void>;
  mkdir(path: string, opts: { recursive: true }): Promise<unknown>;
  rename(from: string, to: string): Promise<void>;
  link(existing: string, path: string): Promise<void>;
  unlink(path: string): Promise<void>;
  readdir(path: string): Promise<string[]>;
  lstat(path: string): Promise<{ isFile(): boolean; isDirectory(): boolean; isSymbolicLink(): boolean }>;
  readlink(path: string): Promise<string>;
}

/** One opened repository, as the iso-* modules see it. */
export interface IsoContext {
  readonly fs: FsClient;
  readonly fsp: FsPromises;
  /** The working tree. */
  readonly dir: string;
  readonly gitdir: string;
  /** isomorphic-git's object cache, kept for the repository's lifetime. */
  readonly cache: object;
}

/** A full SHA-1 object id (the only format this backend opens). */
export const OID = /^[0-9a-f]{40}$/;

/** The arguments isomorphic-git's reads share: fs, git dir and the repository's cache. */
export function isoBase(ctx: IsoContext): { fs: FsClient; gitdir: string; cache: object } {
  return { fs: ctx.fs, gitdir: ctx.gitdir, cache: ctx.cache };
}

/** Null when `err` is an isomorphic-git error with one of `codes`; rethrows anything else. */
export function nullOnIsoError(err: unknown, ...codes: string[]): null {
  if (codes.includes((err as { code?: string } | null)?.code ?? '')) return null;
  throw err;
}

/** Null when `err` says the path is missing (or not what was expected); rethrows anything else. */
export function nullWhenMissing(err: unknown): null {
  const code = (err as { code?: string } | null)?.code;
  if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return null;
  throw err;
}

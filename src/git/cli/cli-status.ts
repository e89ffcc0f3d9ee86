/**
 * The working tree as git sees it, for the CLI backend: `git status`, the
 * branch HEAD points at, and blob ids of files without writing them.
 */
import * as fs from 'node:fs';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parsePorcelainV2 } from './porcelain.js';
import type { WorktreeStatus } from '../repo.js';
import { gitOk, runGit, type RunOptions } from './run-git.js';
import { hashWorktreeEntries } from '../worktree-read.js';

/** `git status --porcelain=v2`: branch, upstream, and every dirty path, untracked included. */
export async function status(opts: RunOptions): Promise<WorktreeStatus> {
  const out = await gitOk(['status', '--porcelain=v2', '-z', '--branch', '--untracked-files=all'], opts);
  return parsePorcelainV2(out);
}

/** The branch HEAD points at (short name); null when detached. */
export async function headBranch(opts: RunOptions, gitDir: string): Promise<string | null> {
  // HEAD is one small file that git replaces whole: read, it saves starting git. A reftable
  // repository's HEAD file names the impossible branch `.invalid`: git is asked then, as for anything unusual.
  const head = readHeadFile(gitDir);
  const branch = head === null ? null : /^ref: refs\/heads\/([^\n]+)\n?$/.exec(head)?.[1];
  if (branch && branch !== '.invalid') return branch;
  if (head !== null && /^[0-9a-f]{40}(?:[0-9a-f]{24})?\n?$/.test(head)) return null;
  const res = await runGit(['symbolic-ref', '--quiet', 'HEAD'], opts);
  const ref = res.stdout.toString('utf8').trim();
  return res.code === 0 && ref.startsWith('refs/heads/') ? ref.slice('refs/heads/'.length) : null;
}

/** HEAD's text, read at once (one small file costs less than a round of the thread pool); null when unreadable. */
function readHeadFile(gitDir: string): string | null {
  try {
    return readFileSync(join(gitDir, 'HEAD'), 'utf8');
  } catch {
    return null;
  }
}

/**
 * Blob ids of the entries at `paths` (relative to `opts.cwd`), as git would
 * store them; null for a missing one, a directory or a special file (FIFO,
 * socket, device: never opened). Regular files go through one
 * `hash-object --stdin-paths` (git's clean filters apply), except paths
 * holding a newline, which that protocol cannot carry, hashed one by one (as
 * is everything when it fails). A symlink is hashed here from its target
 * text: hash-object would follow it.
 */
export async function hashWorktreeFiles(opts: RunOptions, paths: string[], format: 'sha1' | 'sha256'): Promise<(string | null)[]> {
  if (!paths.length) return [];
  const result: (string | null)[] = paths.map(() => null);
  const files: number[] = [];
  const links: number[] = [];
  paths.forEach((p, i) => {
    const st = lstatOrNull(join(opts.cwd, p));
    if (st?.isFile()) files.push(i);
    else if (st?.isSymbolicLink()) links.push(i);
  });
  const linkOids = await hashWorktreeEntries(fs, opts.cwd, links.map((i) => paths[i]!), format);
  links.forEach((i, k) => (result[i] = linkOids[k] ?? null));
  const simple = files.filter((i) => !paths[i]!.includes('\n'));
  if (simple.length) {
    const res = await runGit(['hash-object', '--stdin-paths'], {
      ...opts, input: simple.map((i) => paths[i]).join('\n') + '\n',
    });
    const oids = res.code === 0 ? res.stdout.toString('utf8').split('\n') : [];
    if (res.code === 0) simple.forEach((i, k) => (result[i] = oids[k] ?? null));
    else await hashOneByOne(opts, paths, simple, result);
  }
  await hashOneByOne(opts, paths, files.filter((i) => paths[i]!.includes('\n')), result);
  return result;
}

function lstatOrNull(path: string): fs.Stats | null {
  try {
    return fs.lstatSync(path);
  } catch {
    return null;
  }
}

async function hashOneByOne(opts: RunOptions, paths: string[], which: number[], result: (string | null)[]): Promise<void> {
  for (const i of which) {
    const res = await runGit(['hash-object', '--', paths[i]!], opts);
    result[i] = res.code === 0 ? res.stdout.toString('utf8').trim() : null;
  }
}

/**
 * The working tree as git sees it, for the CLI backend: `git status`, the
 * branch HEAD points at, and blob ids of files without writing them.
 */
import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import { parsePorcelainV2 } from './porcelain.js';
import type { WorktreeStatus } from './repo.js';
import { gitOk, runGit, type RunOptions } from './run-git.js';

/** `git status --porcelain=v2`: branch, upstream, and every dirty path, untracked included. */
export async function status(opts: RunOptions): Promise<WorktreeStatus> {
  const out = await gitOk(['status', '--porcelain=v2', '-z', '--branch', '--untracked-files=all'], opts);
  return parsePorcelainV2(out);
}

/** The branch HEAD points at (short name); null when detached. */
export async function headBranch(opts: RunOptions): Promise<string | null> {
  const res = await runGit(['symbolic-ref', '--quiet', 'HEAD'], opts);
  const ref = res.stdout.toString('utf8').trim();
  return res.code === 0 && ref.startsWith('refs/heads/') ? ref.slice('refs/heads/'.length) : null;
}

/**
 * Blob ids of the files at `paths` (relative to `opts.cwd`); null for a missing
 * one. One `hash-object --stdin-paths` for all, except paths holding a newline,
 * which that protocol cannot carry, hashed one by one (as is everything when it fails).
 */
export async function hashWorktreeFiles(opts: RunOptions, paths: string[]): Promise<(string | null)[]> {
  if (!paths.length) return [];
  const { existing, result } = await splitExisting(opts.cwd, paths);
  const simple = existing.filter((i) => !paths[i]!.includes('\n'));
  if (simple.length) {
    const res = await runGit(['hash-object', '--stdin-paths'], {
      ...opts, input: simple.map((i) => paths[i]).join('\n') + '\n',
    });
    const oids = res.code === 0 ? res.stdout.toString('utf8').split('\n') : [];
    if (res.code === 0) simple.forEach((i, k) => (result[i] = oids[k] ?? null));
    else await hashOneByOne(opts, paths, simple, result);
  }
  await hashOneByOne(opts, paths, existing.filter((i) => paths[i]!.includes('\n')), result);
  return result;
}

async function splitExisting(top: string, paths: string[]): Promise<{ existing: number[]; result: (string | null)[] }> {
  const result: (string | null)[] = paths.map(() => null);
  const existing: number[] = [];
  await Promise.all(
    paths.map(async (p, i) => {
      const st = await lstat(join(top, p)).catch(() => null);
      if (st && (st.isFile() || st.isSymbolicLink())) existing.push(i);
    }),
  );
  existing.sort((a, b) => a - b);
  return { existing, result };
}

async function hashOneByOne(opts: RunOptions, paths: string[], which: number[], result: (string | null)[]): Promise<void> {
  for (const i of which) {
    const res = await runGit(['hash-object', '--', paths[i]!], opts);
    result[i] = res.code === 0 ? res.stdout.toString('utf8').trim() : null;
  }
}

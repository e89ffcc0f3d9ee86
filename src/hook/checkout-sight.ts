/**
 * The facts the post-checkout reminder needs, each read the cheapest way that
 * is still exact: files in the git dir first (git/ref-files.ts), git itself
 * only when a file cannot answer. In the common case — no chain moved since
 * the last switch — the hook starts one git process (the status count), and
 * none in a large work tree.
 */
import * as fsp from 'node:fs/promises';
import type { GitEnv } from '../git/cli/admin.js';
import { readGitFile, writeGitFile } from '../git/git-files.js';
import { headBranch } from '../git/cli/cli-status.js';
import { parsePorcelainV2 } from '../git/cli/porcelain.js';
import type { Repo } from '../git/repo.js';
import { walkCommits } from '../git/cli/cli-walk.js';
import { gitOk, runGit, type RunOptions } from '../git/cli/run-git.js';
import type { BranchIndexStore } from '../checkpoint/listing/branch-checkpoint.js';
import { findGitDirs, indexEntries, readRefsUnder, type GitDirs } from '../git/cli/ref-files.js';

/**
 * Above this many index entries the uncommitted count is not taken: `git
 * status` then costs more than the whole reminder may (SPEC §10).
 */
export const COUNT_MAX_ENTRIES = 20_000;

/**
 * Set by the installed hook script to `git config checkpoint.hookPrompt`
 * (empty when unset), so the value costs a shell's git call, not one from node.
 */
export const PROMPT_ENV = 'GIT_CHECKPOINT_HOOK_PROMPT';

export interface CheckoutSight {
  gitDir: string;
  /** `checkpoint.hookPrompt` as set; null when unset. */
  prompt(): Promise<string | null>;
  /** The branch reached; null when HEAD is detached. */
  arrived(): Promise<string | null>;
  /** Uncommitted paths (untracked included); null when not counted. */
  uncommitted(): Promise<number | null>;
  /** `@{-1}`, for a move the reflog does not name. */
  previous(): Promise<string | null>;
  store: BranchIndexStore;
}

/** Through the files when the layout is plain, else through `openRepo` (git). */
export async function lookAround(cwd: string, env: GitEnv, openRepo: () => Promise<Repo>): Promise<CheckoutSight> {
  const dirs = await findGitDirs(cwd, env);
  return dirs ? fromFiles(dirs, env, openRepo) : fromRepo(await openRepo(), env);
}

function fromFiles(dirs: GitDirs, env: GitEnv, openRepo: () => Promise<Repo>): CheckoutSight {
  const opts = { cwd: dirs.workTree, env };
  return {
    gitDir: dirs.gitDir,
    prompt: async () => (env[PROMPT_ENV] !== undefined ? env[PROMPT_ENV] || null : (await openRepo()).getConfig('checkpoint.hookPrompt')),
    arrived: () => headBranch(opts, dirs.gitDir),
    uncommitted: () => countUnlessLarge(dirs.gitDir, async () => {
      const out = await gitOk(['status', '--porcelain=v2', '-z', '--untracked-files=all'], opts).catch(() => null);
      return out ? parsePorcelainV2(out).entries.length : null;
    }),
    previous: () => previousBranch(opts),
    store: {
      listRefs: async (prefix) => (await readRefsUnder(dirs.commonDir, prefix)) ?? (await openRepo()).listRefs(prefix),
      readGitFile: (name) => readGitFile(fsp, dirs.commonDir, name),
      writeGitFile: (name, content) => writeGitFile(fsp, dirs.commonDir, name, content),
      walkCommits: (tips, walk) => walkCommits(opts, tips, walk),
    },
  };
}

function fromRepo(repo: Repo, env: GitEnv): CheckoutSight {
  return {
    gitDir: repo.info.gitDir,
    prompt: () => repo.getConfig('checkpoint.hookPrompt'),
    arrived: () => repo.headBranch(),
    uncommitted: () => countUnlessLarge(repo.info.gitDir, async () => (await repo.status().catch(() => null))?.entries.length ?? null),
    previous: () => previousBranch({ cwd: repo.info.workTree ?? repo.info.gitDir, env }),
    store: repo,
  };
}

async function countUnlessLarge(gitDir: string, count: () => Promise<number | null>): Promise<number | null> {
  const entries = await indexEntries(gitDir);
  return entries !== null && entries > COUNT_MAX_ENTRIES ? null : count();
}

/** `@{-1}` as a branch name; null when it is not one. */
async function previousBranch(opts: RunOptions): Promise<string | null> {
  const res = await runGit(['rev-parse', '--quiet', '--symbolic-full-name', '@{-1}'], opts);
  const ref = res.stdout.toString('utf8').trim();
  return res.code === 0 && ref.startsWith('refs/heads/') ? ref.slice('refs/heads/'.length) : null;
}

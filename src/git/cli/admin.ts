/**
 * Git-binary operations for what only makes sense where git itself runs:
 * hooks, multi-valued local config, remotes, and handing the terminal to
 * `git switch`. isomorphic-git has no hooks and no transport we use here, so
 * these are not part of the `Repo` interface; every call still goes through
 * run-git.ts.
 */
import type { Repo, RepoInfo } from '../repo.js';
import { runGit, splitNul, type RunOptions } from './run-git.js';
import { GitCommandError } from '../../errors.js';

export type GitEnv = Record<string, string | undefined>;

function where(info: RepoInfo, env: GitEnv): RunOptions {
  return { cwd: info.workTree ?? info.gitDir, env };
}

/** The hooks directory git uses (`git rev-parse --git-path hooks`: honours core.hooksPath and worktrees). */
export async function hooksDirectory(info: RepoInfo, env: GitEnv): Promise<string> {
  const res = await runGit(['rev-parse', '--path-format=absolute', '--git-path', 'hooks'], where(info, env));
  if (res.code !== 0) throw new GitCommandError(`git rev-parse --git-path hooks failed: ${res.stderr.trim()}`);
  return res.stdout.toString('utf8').trim();
}

/** Values of `key` in the repository's local config only, in order. */
export async function localConfigValues(info: RepoInfo, env: GitEnv, key: string): Promise<string[]> {
  const res = await runGit(['config', '--local', '-z', '--get-all', key], where(info, env));
  return res.code === 0 ? splitNul(res.stdout) : [];
}

/** Adds one more value to a (multi-valued) key in the local config; the repository's config is read anew after. */
export async function addConfigValue(repo: Repo, env: GitEnv, key: string, value: string): Promise<void> {
  const res = await runGit(['config', '--local', '--add', key, value], where(repo.info, env));
  repo.reloadConfig();
  if (res.code !== 0) throw new GitCommandError(`git config --add ${key} failed: ${res.stderr.trim()}`);
}

/**
 * Removes exactly `value` from `key` in the local config (`--fixed-value`):
 * 'removed', 'absent' when it was not there, else git's complaint (a config
 * that cannot be written, a `config.lock` left behind).
 */
export async function unsetConfigValue(repo: Repo, env: GitEnv, key: string, value: string): Promise<'removed' | 'absent' | { error: string }> {
  const res = await runGit(['config', '--local', '--fixed-value', '--unset-all', key, value], where(repo.info, env));
  repo.reloadConfig();
  if (res.code === 0) return 'removed';
  // git config exits 5 for "no such value".
  if (res.code === 5) return 'absent';
  return { error: res.stderr.toString().trim().split('\n').pop() || `git config exited ${res.code}` };
}

export interface ConfigEntry {
  key: string;
  /** null for a key written without `= value` (an implicit true). */
  value: string | null;
  /** `system`, `global`, `local`, `worktree` or `command`. */
  scope: string;
  /** Where git read it: `file:<path>`, `command line:`, ... */
  origin: string;
}

/** Every value of the keys matching `pattern` with its scope and origin, in git's order (last one wins). */
export async function configWithOrigins(info: RepoInfo, env: GitEnv, pattern: string): Promise<ConfigEntry[]> {
  const res = await runGit(['config', '--show-scope', '--show-origin', '-z', '--get-regexp', pattern], where(info, env));
  const fields = res.code === 0 ? splitNul(res.stdout) : [];
  const out: ConfigEntry[] = [];
  for (let i = 0; i + 2 < fields.length; i += 3) {
    const [scope, origin, pair] = [fields[i]!, fields[i + 1]!, fields[i + 2]!];
    const nl = pair.indexOf('\n');
    out.push({ scope, origin, key: nl < 0 ? pair : pair.slice(0, nl), value: nl < 0 ? null : pair.slice(nl + 1) });
  }
  return out;
}

/** Names of the configured remotes. */
export async function remoteNames(info: RepoInfo, env: GitEnv): Promise<string[]> {
  const res = await runGit(['remote'], where(info, env));
  return res.code === 0 ? res.stdout.toString('utf8').split('\n').filter(Boolean) : [];
}

/** Runs git on the user's terminal (its messages and exit code are the user's to see); returns the exit code. */
export async function runGitOnTerminal(cwd: string, env: GitEnv, args: string[]): Promise<number> {
  const res = await runGit(args, { cwd, env, inherit: true });
  return res.code;
}

/**
 * Discovery for the CLI backend: one `git rev-parse` says where the git dirs
 * and the working tree are and which object format the repository uses.
 */
import { realpath } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { FatalError } from '../../errors.js';
import type { RepoInfo } from '../repo.js';
import { runGit, type RunOptions } from './run-git.js';

const MIN_GIT = [2, 31];

/**
 * The repository containing `dir` (`opts.cwd`) and its objects directory.
 * FatalError with git's own message when there is none, or when git is too old.
 */
export async function probeRepo(dir: string, opts: RunOptions): Promise<{ info: RepoInfo; objectsDir: string }> {
  const probe = await runGit(['rev-parse', '--path-format=absolute', '--git-dir', '--git-common-dir', '--is-bare-repository',
    '--is-inside-work-tree', '--show-object-format', '--git-path', 'objects', '--show-cdup'], opts);
  if (probe.code !== 0) {
    // Only now is git's version worth a subprocess: old gits fail the probe itself (--path-format is 2.31).
    checkVersion((await runGit(['version'], opts)).stdout.toString('utf8'));
    const msg = probe.stderr.trim().split('\n').pop()?.replace(/^fatal: /, '') ?? 'not a git repository';
    throw new FatalError(msg);
  }
  const lines = probe.stdout.toString('utf8').split('\n');
  const inside = lines[3] === 'true';
  const info: RepoInfo = {
    gitDir: lines[0] ?? '',
    commonDir: lines[1] ?? '',
    // --show-cdup counts physical levels (git climbs from its getcwd()): resolved from the physical path.
    workTree: inside ? resolve(await realpath(dir).catch(() => dir), lines[6] ?? '') : null,
    objectFormat: lines[4] === 'sha256' ? 'sha256' : 'sha1',
  };
  return { info, objectsDir: lines[5] ?? join(info.commonDir, 'objects') };
}

function checkVersion(text: string): void {
  const m = /git version (\d+)\.(\d+)/.exec(text);
  if (!m) return;
  const [major, minor] = [Number(m[1]), Number(m[2])];
  if (major < (MIN_GIT[0] ?? 0) || (major === MIN_GIT[0] && minor < (MIN_GIT[1] ?? 0))) {
    throw new FatalError(`git ${major}.${minor} is too old: git-checkpoint needs git >= ${MIN_GIT.join('.')}`);
  }
}

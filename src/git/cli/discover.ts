/**
 * Repository discovery in-process, as git does it for the plain layouts: from
 * the directory up to the first `.git` (a directory, or a file naming one),
 * the shared git dir from `commondir`, the object format from the config that
 * is being read anyway. That spares every command a `git rev-parse` process.
 * Anything this does not model — a variable that moves the repository
 * (GIT_DIR, GIT_WORK_TREE, ceilings…), a bare repository, `core.worktree`, a
 * directory owned by someone else (safe.directory), another file system on
 * the way up — answers null, and git's own probe decides, with git's errors.
 * The files are read synchronously: a dozen stats and small reads of names the
 * kernel holds cost microseconds each, where the round trips through node's
 * thread pool added up to some 7 ms of every command's start-up (measured).
 */
import { readFileSync, realpathSync, statSync, type Stats } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { ConfigRead } from './config-map.js';
import type { RepoInfo } from '../repo.js';

const MOVERS = ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_COMMON_DIR', 'GIT_OBJECT_DIRECTORY', 'GIT_CEILING_DIRECTORIES',
  'GIT_DISCOVERY_ACROSS_FILESYSTEM', 'GIT_NAMESPACE', 'GIT_INDEX_FILE'];
/** Levels climbed at most: deeper than any real checkout. */
const LEVELS_MAX = 256;

export async function discoverInProcess(
  dir: string, env: Record<string, string | undefined>, config: Promise<ConfigRead>,
): Promise<{ info: RepoInfo; objectsDir: string } | null> {
  if (MOVERS.some((name) => env[name] !== undefined) || /(^|\/)\.git(\/|$)/.test(resolve(dir))) return null;
  const uid = process.getuid?.();
  // Up the physical path, as git climbs from its getcwd().
  const physical = realpathOrNull(dir);
  const start = physical ? statOrNull(physical) : null;
  if (!physical || !start || uid === undefined) return null;
  let level = physical;
  for (let i = 0; i < LEVELS_MAX; i++) {
    const here = statOrNull(level);
    if (!here || here.dev !== start.dev || here.uid !== uid) return null;
    const found = gitDirAt(level);
    if (found === 'bare') return null;
    if (found) return describe(level, found, uid, config);
    const up = dirname(level);
    if (up === level) return null;
    level = up;
  }
  return null;
}

/** The git dir `<level>/.git` leads to; 'bare' when `level` itself looks like a git dir; null when neither. */
function gitDirAt(level: string): string | 'bare' | null {
  const linked = dotGitAt(level);
  if (linked) return linked;
  return statOrNull(join(level, 'HEAD'))?.isFile() && statOrNull(join(level, 'objects'))?.isDirectory() ? 'bare' : null;
}

/** Where `<dir>/.git` leads: itself when a directory, the dir a `gitdir:` file names; null otherwise. */
export function dotGitAt(dir: string): string | null {
  const dotGit = join(dir, '.git');
  const st = statOrNull(dotGit);
  if (st?.isDirectory()) return dotGit;
  if (!st?.isFile()) return null;
  const m = /^gitdir: (.+)$/m.exec(readTextOr(dotGit, ''));
  return m ? resolve(dir, m[1]!.trim()) : null;
}

/** The git dir shared by every worktree: what `<gitDir>/commondir` names, else `gitDir` itself. */
export function commonDirOf(gitDir: string): string {
  const common = readTextOr(join(gitDir, 'commondir'), '').trim();
  return common ? resolve(gitDir, common) : gitDir;
}

async function describe(workTree: string, found: string, uid: number, config: Promise<ConfigRead>): Promise<{ info: RepoInfo; objectsDir: string } | null> {
  const gitDir = realpathOrNull(found);
  if (!gitDir) return null;
  const commonDir = realpathOrNull(commonDirOf(gitDir));
  if (!commonDir) return null;
  const head = readTextOr(join(gitDir, 'HEAD'), '');
  const objects = statOrNull(join(commonDir, 'objects'));
  const refs = statOrNull(join(commonDir, 'refs'));
  const owner = statOrNull(gitDir);
  if (!/^(ref: refs\/|[0-9a-f]{40})/.test(head) || !objects?.isDirectory() || !refs?.isDirectory() || owner?.uid !== uid) return null;
  const { map } = await config;
  const bare = map.get('core.bare')?.at(-1)?.toLowerCase();
  if (map.has('core.worktree') || (bare !== undefined && !/^(false|no|off|0)$/.test(bare))) return null;
  const format = map.get('extensions.objectformat')?.at(-1)?.toLowerCase();
  const info: RepoInfo = { gitDir, commonDir, workTree, objectFormat: format === 'sha256' ? 'sha256' : 'sha1' };
  return { info, objectsDir: join(commonDir, 'objects') };
}

/** `stat` of `path`; null when it cannot be had (missing, no permission, not a directory on the way). */
export function statOrNull(path: string): Stats | null {
  try {
    return statSync(path, { throwIfNoEntry: false }) ?? null;
  } catch {
    return null;
  }
}

function realpathOrNull(path: string): string | null {
  try {
    return realpathSync.native(path);
  } catch {
    return null;
  }
}

function readTextOr(path: string, fallback: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return fallback;
  }
}

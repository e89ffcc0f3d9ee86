/**
 * Repository discovery in-process, as git does it for the plain layouts: from
 * the directory up to the first `.git` (a directory, or a file naming one),
 * the shared git dir from `commondir`, the object format from the config that
 * is being read anyway. That spares every command a `git rev-parse` process.
 * Anything this does not model — a variable that moves the repository
 * (GIT_DIR, GIT_WORK_TREE, ceilings…), a bare repository, `core.worktree`, a
 * directory owned by someone else (safe.directory), another file system on
 * the way up — answers null, and git's own probe decides, with git's errors.
 */
import { readFile, realpath, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { ConfigRead } from './config-map.js';
import type { RepoInfo } from './repo.js';

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
  const physical = await realpath(dir).catch(() => null);
  const start = physical ? await stat(physical).catch(() => null) : null;
  if (!physical || !start || uid === undefined) return null;
  let level = physical;
  for (let i = 0; i < LEVELS_MAX; i++) {
    const here = await stat(level).catch(() => null);
    if (!here || here.dev !== start.dev || here.uid !== uid) return null;
    const found = await gitDirAt(level);
    if (found === 'bare') return null;
    if (found) return describe(level, found, uid, config);
    const up = dirname(level);
    if (up === level) return null;
    level = up;
  }
  return null;
}

/** The git dir `<level>/.git` leads to; 'bare' when `level` itself looks like a git dir; null when neither. */
async function gitDirAt(level: string): Promise<string | 'bare' | null> {
  const linked = await dotGitAt(level);
  if (linked) return linked;
  const [head, objects] = await Promise.all([stat(join(level, 'HEAD')).catch(() => null), stat(join(level, 'objects')).catch(() => null)]);
  return head?.isFile() && objects?.isDirectory() ? 'bare' : null;
}

/** Where `<dir>/.git` leads: itself when a directory, the dir a `gitdir:` file names; null otherwise. */
export async function dotGitAt(dir: string): Promise<string | null> {
  const dotGit = join(dir, '.git');
  const st = await stat(dotGit).catch(() => null);
  if (st?.isDirectory()) return dotGit;
  if (!st?.isFile()) return null;
  const m = /^gitdir: (.+)$/m.exec(await readFile(dotGit, 'utf8').catch(() => ''));
  return m ? resolve(dir, m[1]!.trim()) : null;
}

/** The git dir shared by every worktree: what `<gitDir>/commondir` names, else `gitDir` itself. */
export async function commonDirOf(gitDir: string): Promise<string> {
  const common = (await readFile(join(gitDir, 'commondir'), 'utf8').catch(() => null))?.trim();
  return common ? resolve(gitDir, common) : gitDir;
}

async function describe(workTree: string, found: string, uid: number, config: Promise<ConfigRead>): Promise<{ info: RepoInfo; objectsDir: string } | null> {
  const gitDir = await realpath(found).catch(() => null);
  if (!gitDir) return null;
  const commonDir = await realpath(await commonDirOf(gitDir)).catch(() => null);
  if (!commonDir) return null;
  const [head, objects, refs, owner] = await Promise.all([
    readFile(join(gitDir, 'HEAD'), 'utf8').catch(() => ''),
    stat(join(commonDir, 'objects')).catch(() => null),
    stat(join(commonDir, 'refs')).catch(() => null),
    stat(gitDir).catch(() => null),
  ]);
  if (!/^(ref: refs\/|[0-9a-f]{40})/.test(head) || !objects?.isDirectory() || !refs?.isDirectory() || owner?.uid !== uid) return null;
  const { map } = await config;
  const bare = map.get('core.bare')?.at(-1)?.toLowerCase();
  if (map.has('core.worktree') || (bare !== undefined && !/^(false|no|off|0)$/.test(bare))) return null;
  const format = map.get('extensions.objectformat')?.at(-1)?.toLowerCase();
  const info: RepoInfo = { gitDir, commonDir, workTree, objectFormat: format === 'sha256' ? 'sha256' : 'sha1' };
  return { info, objectsDir: join(commonDir, 'objects') };
}

/**
 * The `wip` tree of a checkpoint (SPEC §3, §6): the whole working tree at save
 * time, as `git stash create` would keep it, minus exclusions — by size, by
 * `checkpoint.exclude` globs (plus the credential files below), by a name or
 * content that looks like a secret, and special files (FIFO, socket, device).
 * Every exclusion is listed with its reason (decided as each file is read:
 * dirty-read.ts); an excluded
 * path keeps its HEAD version in the tree (or is absent), so nothing of the
 * local content reaches an object.
 */
import micromatch from 'micromatch';
import type { Repo, WorktreeStatus } from '../../git/repo.js';
import { badConfigValue, boolSetting, sizeSetting } from '../config/config-values.js';
import { globProblem } from '../config/exclude-globs.js';

/** Well-known credential files, matched case-insensitively (`deploy/.ENV` is an env file too). */
export const DEFAULT_EXCLUDES: readonly string[] = [
  '**/.env', '**/.env*', '**/*.pem', '**/*.key', '**/id_rsa*', '**/id_dsa*', '**/id_ecdsa*', '**/id_ed25519*',
  '**/.npmrc', '**/.pypirc', '**/.netrc', '**/_netrc', '**/.git-credentials', '**/*.p12', '**/*.pfx', '**/*.keystore', '**/*.jks',
  '**/.aws/credentials', '**/credentials', '**/.docker/config.json', '**/.kube/config', '**/kubeconfig', '**/*.kubeconfig',
];
export const DEFAULT_MAX_FILE_SIZE = 1024 * 1024;

/** `special`: a FIFO, socket or device, which is never opened (git cannot store one either). */
export type ExclusionReason = 'pattern' | 'size' | 'secret' | 'special';

export interface WipSettings {
  enabled: boolean;
  maxFileSize: number;
  /** The default globs followed by `checkpoint.exclude` values (configured globs add, never replace). */
  exclude: string[];
}

/**
 * Reads `checkpoint.wip`, `checkpoint.maxFileSize` and `checkpoint.exclude`;
 * a value that cannot be parsed is fatal (exit 128), naming key and value:
 * a snapshot taken with a guessed limit or a glob that matches nothing would
 * keep in files the user asked to keep out.
 */
export async function readWipSettings(repo: Repo): Promise<WipSettings> {
  const [wip, size, globs] = await Promise.all([
    repo.getConfig('checkpoint.wip'), repo.getConfig('checkpoint.maxFileSize'), repo.getConfigAll('checkpoint.exclude'),
  ]);
  const enabled = boolSetting(wip, 'checkpoint.wip', true);
  const maxFileSize = sizeSetting(size, 'checkpoint.maxFileSize', DEFAULT_MAX_FILE_SIZE);
  const configured = globs.filter((g) => g.trim() !== '');
  for (const glob of configured) {
    const problem = globProblem(glob);
    if (problem !== null) throw badConfigValue('checkpoint.exclude', glob, 'other', problem);
  }
  return { enabled, maxFileSize, exclude: [...DEFAULT_EXCLUDES, ...configured] };
}

/** Every path whose working-tree state differs from HEAD: the status paths and the sources of renames. */
export function changedPaths(status: WorktreeStatus): string[] {
  return [...new Set(status.entries.flatMap((e) => (e.origPath ? [e.path, e.origPath] : [e.path])))];
}

/**
 * A test of paths against the exclude globs, compiled once (compiling per
 * path costs more than matching). The globs' expressions are joined into one
 * per case rule, so a path is one test, not one per glob (a save with 1,000
 * dirty files asked 23,000); as micromatch's own matcher, a path that is the
 * glob itself matches too.
 */
export function nameMatcher(settings: WipSettings): (path: string) => boolean {
  const byCase = [true, false].map((nocase) => settings.exclude.filter((glob) => DEFAULT_EXCLUDES.includes(glob) === nocase))
    .map((globs, k) => joinedGlobs(globs, k === 0));
  const globs = new Set(settings.exclude);
  return (path) => path !== '' && (globs.has(path) || byCase.some((re) => re?.test(path) === true));
}

function joinedGlobs(globs: readonly string[], nocase: boolean): RegExp | null {
  if (!globs.length) return null;
  const sources = globs.map((glob) => `(?:${micromatch.makeRe(glob, { dot: true, nocase }).source})`);
  return new RegExp(sources.join('|'), nocase ? 'i' : '');
}

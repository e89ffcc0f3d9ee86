/**
 * The `wip` tree of a checkpoint (SPEC §3, §6): the whole working tree at save
 * time, as `git stash create` would keep it, minus exclusions — by size, by
 * `checkpoint.exclude` globs (plus the credential files below), by a name or
 * content that looks like a secret, and special files (FIFO, socket, device).
 * Every exclusion is listed with its reason; an excluded
 * path keeps its HEAD version in the tree (or is absent), so nothing of the
 * local content reaches an object.
 */
import micromatch from 'micromatch';
import { mapInBatches } from '../io/concurrency.js';
import type { Repo, WorktreeStatus } from '../git/repo.js';
import { boolSetting, parseSize } from './config-values.js';
import { MAX_PATHS, type GitState } from './schema.js';
import { looksLikeSecret, nameLooksLikeSecret } from './secret-content.js';

/** Well-known credential files, matched case-insensitively (`deploy/.ENV` is an env file too). */
export const DEFAULT_EXCLUDES: readonly string[] = [
  '**/.env', '**/.env*', '**/*.pem', '**/*.key', '**/id_rsa*', '**/id_dsa*', '**/id_ecdsa*', '**/id_ed25519*',
  '**/.npmrc', '**/.pypirc', '**/.netrc', '**/_netrc', '**/.git-credentials', '**/*.p12', '**/*.pfx', '**/*.keystore', '**/*.jks',
  '**/.aws/credentials', '**/credentials', '**/.docker/config.json', '**/.kube/config', '**/kubeconfig', '**/*.kubeconfig',
];
export const DEFAULT_MAX_FILE_SIZE = 1024 * 1024;
/** Files read at once while checking content: enough to overlap I/O, few enough to stay off EMFILE. */
const READ_BATCH = 32;

/** `special`: a FIFO, socket or device, which is never opened (git cannot store one either). */
export type ExclusionReason = 'pattern' | 'size' | 'secret' | 'special';

export interface WipSettings {
  enabled: boolean;
  maxFileSize: number;
  /** The default globs followed by `checkpoint.exclude` values (configured globs add, never replace). */
  exclude: string[];
}

/** Reads `checkpoint.wip`, `checkpoint.maxFileSize` and `checkpoint.exclude`; a bad value is reported and its default used. */
export async function readWipSettings(repo: Repo, warn: (message: string) => void): Promise<WipSettings> {
  const [wip, size, globs] = await Promise.all([
    repo.getConfig('checkpoint.wip'), repo.getConfig('checkpoint.maxFileSize'), repo.getConfigAll('checkpoint.exclude'),
  ]);
  const enabled = boolSetting(wip, 'checkpoint.wip', true);
  const maxFileSize = size === null ? DEFAULT_MAX_FILE_SIZE : parseSize(size);
  if (maxFileSize === null) warn(`bad size '${size}' for 'checkpoint.maxFileSize': using 1m`);
  return {
    enabled,
    maxFileSize: maxFileSize ?? DEFAULT_MAX_FILE_SIZE,
    exclude: [...DEFAULT_EXCLUDES, ...globs.filter((g) => g.trim() !== '')],
  };
}

/** Every path whose working-tree state differs from HEAD: the status paths and the sources of renames. */
export function changedPaths(status: WorktreeStatus): string[] {
  return [...new Set(status.entries.flatMap((e) => (e.origPath ? [e.path, e.origPath] : [e.path])))];
}

/** A test of paths against the exclude globs, compiled once (compiling per path costs more than matching). */
export function nameMatcher(settings: WipSettings): (path: string) => boolean {
  const tests = settings.exclude.map((glob) => micromatch.matcher(glob, { dot: true, nocase: DEFAULT_EXCLUDES.includes(glob) }));
  return (path) => tests.some((test) => test(path));
}

/** Decides the exclusions for every changed path that exists in the working tree. */
export async function planExclusions(
  repo: Repo, paths: string[], settings: WipSettings,
): Promise<{ path: string; reason: ExclusionReason }[]> {
  const excluded: { path: string; reason: ExclusionReason }[] = [];
  const toRead: string[] = [];
  const isExcludedName = nameMatcher(settings);
  for (const path of paths) {
    if (path.endsWith('/')) continue;
    if (isExcludedName(path)) excluded.push({ path, reason: 'pattern' });
    // A name that holds a token would reach the snapshot as a tree entry name.
    else if (nameLooksLikeSecret(path)) excluded.push({ path, reason: 'secret' });
    else toRead.push(path);
  }
  const files = await mapInBatches(toRead, READ_BATCH, async (path) => {
    const file = await repo.readWorktreeFile(path, settings.maxFileSize);
    // Judged as it is read: a batch's contents are let go before the next is read.
    if (!file) return null;
    if (file.special) return 'special' as const;
    if (!file.data) return 'size' as const;
    return looksLikeSecret(file.data) ? ('secret' as const) : null;
  });
  files.forEach((reason, k) => {
    if (reason) excluded.push({ path: toRead[k]!, reason });
  });
  return excluded.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

export interface WipSnapshot {
  wip: NonNullable<GitState['wip']>;
  /** All exclusions, when more than the record can list (SPEC §4 cap). */
  excludedTotal: number;
}

/** Builds the snapshot tree (objects only, no ref) and the record's `wip` field. */
export async function buildWip(repo: Repo, status: WorktreeStatus, settings: WipSettings): Promise<WipSnapshot> {
  const changed = changedPaths(status);
  const excluded = await planExclusions(repo, changed, settings);
  const tree = await repo.snapshotWorktree(changed, excluded.map((e) => e.path));
  return { wip: { tree, excluded: excluded.slice(0, MAX_PATHS) }, excludedTotal: excluded.length };
}

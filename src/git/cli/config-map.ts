/** Reads every config value git sees (includes, worktree config) in one subprocess. */
import { statSync, type Stats } from 'node:fs';
import * as fsp from 'node:fs/promises';
import { join } from 'node:path';
import { runGit, type RunOptions } from './run-git.js';

export interface ConfigRead {
  /** Normalized key (section and name lowercased, subsection kept) to its values in order. */
  map: Map<string, string[]>;
  /**
   * The files the values came from, and where a global config would be: what
   * to look at for a change. As git names them: a relative one is relative to
   * the top of the work tree (git's cwd when it reads), not to where it ran.
   */
  files: string[];
  /** When the read began (ms): a file written since may hold what the read missed. */
  startedAt: number;
}

/** Map of normalized key (section and name lowercased, subsection kept) to its values in order. */
export async function readConfigMap(opts: RunOptions): Promise<Map<string, string[]>> {
  return (await readConfig(opts)).map;
}

/** The values and the files they came from (`--show-origin`). */
export async function readConfig(opts: RunOptions): Promise<ConfigRead> {
  const startedAt = Date.now();
  const res = await runGit(['config', '-z', '--list', '--show-origin'], opts);
  const map = new Map<string, string[]>();
  const files = new Set(globalConfigFiles(opts.env));
  if (res.code !== 0) return { map, files: [...files], startedAt };
  const items = res.stdout.toString('utf8').split('\0');
  for (let i = 0; i + 1 < items.length; i += 2) {
    const origin = items[i]!;
    const item = items[i + 1]!;
    if (origin.startsWith('file:')) files.add(origin.slice('file:'.length));
    const nl = item.indexOf('\n');
    const key = nl < 0 ? item : item.slice(0, nl);
    const value = nl < 0 ? 'true' : item.slice(nl + 1);
    const list = map.get(key);
    if (list) list.push(value);
    else map.set(key, [value]);
  }
  return { map, files: [...files], startedAt };
}

/** Where git looks for global config (a file created later must count as a change). */
function globalConfigFiles(env: Record<string, string | undefined>): string[] {
  const home = env.HOME ?? '';
  return [env.GIT_CONFIG_GLOBAL ?? join(home, '.gitconfig'), join(env.XDG_CONFIG_HOME || join(home, '.config'), 'git', 'config')];
}

/**
 * True when any of `files` may have changed since `since` (ms, taken before
 * the read began): its inode written or replaced at or after it (ctime, which
 * a rename or a restored mtime moves too, with a margin for file-system
 * clocks that lag the system's), or created or removed. A write during the
 * read itself counts as a change, so a value read before it is never kept.
 */
export async function changedSince(files: string[], existed: boolean[], since: number): Promise<boolean> {
  // A few stats at once cost less than a round of the thread pool each (the MCP server asks on every call).
  const stats = files.map((f) => statOrNull(f));
  return stats.some((st, i) => Boolean(st) !== existed[i] || (st !== null && Math.max(st.mtimeMs, st.ctimeMs) >= since - marginOf(st)));
}

function statOrNull(path: string): Stats | null {
  try {
    return statSync(path, { throwIfNoEntry: false }) ?? null;
  } catch {
    return null;
  }
}

/** Which of `files` exist now. */
export async function existing(files: string[]): Promise<boolean[]> {
  return Promise.all(files.map((f) => fsp.stat(f).then(() => true, () => false)));
}

/**
 * How far a file's time may lag the clock: a file system that keeps whole
 * seconds (or two, FAT) may stamp a later write with an earlier second; one
 * with finer times lags by at most a scheduler tick. Finer times end in a
 * fraction of a second (all but one file in a thousand): a read just after a
 * config edit is not taken for a racing one for the next two seconds.
 */
function marginOf(st: { mtimeMs: number; ctimeMs: number }): number {
  return st.mtimeMs % 1000 === 0 && st.ctimeMs % 1000 === 0 ? COARSE_MARGIN_MS : FINE_MARGIN_MS;
}

const COARSE_MARGIN_MS = 2000;
const FINE_MARGIN_MS = 100;

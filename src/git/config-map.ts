/** Reads every config value git sees (includes, worktree config) in one subprocess. */
import * as fsp from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { runGit, type RunOptions } from './run-git.js';

export interface ConfigRead {
  /** Normalized key (section and name lowercased, subsection kept) to its values in order. */
  map: Map<string, string[]>;
  /** The files the values came from, and where a global config would be: what to look at for a change. */
  files: string[];
}

/** Map of normalized key (section and name lowercased, subsection kept) to its values in order. */
export async function readConfigMap(opts: RunOptions): Promise<Map<string, string[]>> {
  return (await readConfig(opts)).map;
}

/** The values and the files they came from (`--show-origin`). */
export async function readConfig(opts: RunOptions): Promise<ConfigRead> {
  const res = await runGit(['config', '-z', '--list', '--show-origin'], opts);
  const map = new Map<string, string[]>();
  const files = new Set(globalConfigFiles(opts.env));
  if (res.code !== 0) return { map, files: [...files] };
  const items = res.stdout.toString('utf8').split('\0');
  for (let i = 0; i + 1 < items.length; i += 2) {
    const origin = items[i]!;
    const item = items[i + 1]!;
    if (origin.startsWith('file:')) files.add(resolve(opts.cwd, origin.slice('file:'.length)));
    const nl = item.indexOf('\n');
    const key = nl < 0 ? item : item.slice(0, nl);
    const value = nl < 0 ? 'true' : item.slice(nl + 1);
    const list = map.get(key);
    if (list) list.push(value);
    else map.set(key, [value]);
  }
  return { map, files: [...files] };
}

/** Where git looks for global config (a file created later must count as a change). */
function globalConfigFiles(env: Record<string, string | undefined>): string[] {
  const home = env.HOME ?? '';
  return [env.GIT_CONFIG_GLOBAL ?? join(home, '.gitconfig'), join(env.XDG_CONFIG_HOME || join(home, '.config'), 'git', 'config')];
}

/** The contents of `files` as one string ('-' for a missing one): equal stamps, same config. */
export async function stampFiles(files: string[]): Promise<string> {
  const parts = await Promise.all(files.map((f) => fsp.readFile(f, 'utf8').catch(() => '-')));
  return JSON.stringify(parts);
}

/** Reads every config value git sees (includes, worktree config) in one subprocess. */
import { runGit, type RunOptions } from './run-git.js';

/** Map of normalized key (section and name lowercased, subsection kept) to its values in order. */
export async function readConfigMap(opts: RunOptions): Promise<Map<string, string[]>> {
  const res = await runGit(['config', '-z', '--list'], opts);
  const map = new Map<string, string[]>();
  if (res.code !== 0) return map;
  for (const item of res.stdout.toString('utf8').split('\0')) {
    if (!item) continue;
    const nl = item.indexOf('\n');
    const key = nl < 0 ? item : item.slice(0, nl);
    const value = nl < 0 ? 'true' : item.slice(nl + 1);
    const list = map.get(key);
    if (list) list.push(value);
    else map.set(key, [value]);
  }
  return map;
}

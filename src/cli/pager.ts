/**
 * The pager, chosen as git chooses it: only when standard output is a
 * terminal; `--no-pager` never, `--paginate` for any command, else for the
 * commands whose output runs long (the table's `pages`); `pager.checkpoint`
 * false turns it off, true turns it on. Which pager: GIT_PAGER, then
 * `pager.checkpoint` when it names one, core.pager, PAGER, and `less`. An empty pager or `cat`
 * means none. Under `git -p` (GIT_PAGER_IN_USE) git's pager is already there.
 */
import { parseBool } from '../checkpoint/config/config-values.js';
import type { Context } from '../io/context.js';

export interface PagerFacts {
  isStdoutTTY: boolean;
  env: Record<string, string | undefined>;
  noPager: boolean;
  paginate: boolean;
  /** The command pages by default. */
  pages: boolean;
  /** `pager.checkpoint` and `core.pager`, null when unset. */
  pagerSetting: string | null;
  corePager: string | null;
}

/** The pager command to run, or null for none. */
export function choosePager(f: PagerFacts): string | null {
  if (!f.isStdoutTTY || f.noPager || parseBool(f.env.GIT_PAGER_IN_USE ?? '') === true) return null;
  const setting = f.pagerSetting === null ? null : parseBool(f.pagerSetting);
  if (setting === false || (!f.paginate && !f.pages && setting !== true)) return null;
  const named = setting === null ? f.pagerSetting : null;
  const command = f.env.GIT_PAGER ?? named ?? f.corePager ?? f.env.PAGER ?? 'less';
  return command.trim() === '' || command.trim() === 'cat' ? null : command;
}

/** Reads the facts for this invocation (config from the command's repository, when it has one). */
export async function pagerFor(ctx: Context, pages: boolean): Promise<string | null> {
  const { deps, globals } = ctx;
  if (!deps.streams.isStdoutTTY || globals.noPager || !deps.startPager) return null;
  const repo = await ctx.repo().catch(() => null);
  const [pagerSetting, corePager] = repo ? await Promise.all([repo.getConfig('pager.checkpoint'), repo.getConfig('core.pager')]) : [null, null];
  return choosePager({ isStdoutTTY: true, env: deps.env, noPager: false, paginate: globals.paginate, pages, pagerSetting, corePager });
}

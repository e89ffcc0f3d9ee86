/**
 * `git checkpoint uninstall` (SPEC §10): removes exactly what install added —
 * our hook scripts (putting back the hooks install kept) and the config values
 * it recorded — and leaves every other setting and hook as it was.
 */
import { maxPositionals, type OptionSpec } from '../cli/args.js';
import type { CommandResult, Context, ParsedArgs } from '../cli/context.js';
import { EXIT } from '../cli/exit-codes.js';
import { chainRef } from '../checkpoint/refs.js';
import { hooksDirectory, unsetConfigValue } from '../git/admin.js';
import type { Repo } from '../git/repo.js';
import { removeHook, type UnhookResult } from '../install/hook-plan.js';
import { HOOK_NAMES } from '../install/hook-scripts.js';
import { clearInstallState, readInstallState, type AddedValue } from '../install/state.js';
import { gitRepo } from './install.js';

export const options: OptionSpec = {};
export const usage = 'git checkpoint uninstall';

const SAID: Record<UnhookResult, string> = {
  removed: 'removed',
  restored: 'removed; your earlier hook is back in place',
  absent: 'not installed',
  foreign: 'left alone: it is not ours',
};

export async function run(ctx: Context, args: ParsedArgs): Promise<CommandResult> {
  maxPositionals(args, 0, 'uninstall');
  const repo = await gitRepo(ctx, 'uninstall');
  const env = ctx.deps.env;
  const hooksDir = await hooksDirectory(repo.info, env);
  const hooks: { name: string; result: UnhookResult }[] = [];
  for (const name of HOOK_NAMES) hooks.push({ name, result: await removeHook(hooksDir, name) });
  const { removed, kept } = await removeConfig(repo, env);
  await clearInstallState(repo);
  const lines = [`hooks in ${hooksDir}:`, ...hooks.map((h) => `  ${h.name.padEnd(13)} ${SAID[h.result]}`), 'config (this repository):'];
  for (const r of removed) lines.push(`  ${r.key} -= ${r.value}`);
  for (const k of kept) lines.push(`  ${k.key} = ${k.value} kept: ${k.why}`);
  if (!removed.length && !kept.length) lines.push('  nothing that install added');
  return {
    exitCode: EXIT.ok,
    json: { hooksDir, hooks, removed, kept: kept.map(({ key, value }) => ({ key, value })) },
    text: ctx.globals.quiet ? '' : `${lines.join('\n')}\n`,
  };
}

/**
 * Unsets each recorded value with --fixed-value. The writer id install created
 * stays when a chain already uses it: dropping it would orphan those checkpoints.
 */
async function removeConfig(repo: Repo, env: Record<string, string | undefined>) {
  const removed: AddedValue[] = [];
  const kept: (AddedValue & { why: string })[] = [];
  for (const added of (await readInstallState(repo)).config) {
    if (added.key === 'checkpoint.writer' && (await repo.readRef(chainRef(added.value)))) {
      kept.push({ ...added, why: 'your checkpoints are saved under it' });
      continue;
    }
    if (await unsetConfigValue(repo, env, added.key, added.value)) removed.push(added);
  }
  return { removed, kept };
}

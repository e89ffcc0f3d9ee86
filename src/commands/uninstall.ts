/**
 * `git checkpoint uninstall` (SPEC §10): removes exactly what install added —
 * our hook scripts (putting back the hooks install kept) and the config values
 * it recorded — and leaves every other setting and hook as it was.
 */
import { maxPositionals } from '../cli/args.js';
import type { CommandResult, Context, ParsedArgs } from '../io/context.js';
import { chainRef } from '../checkpoint/store/refs.js';
import { hooksDirectory, unsetConfigValue, type GitEnv } from '../git/cli/admin.js';
import type { Repo } from '../git/repo.js';
import { removeHook, removeStagedLeftovers, type UnhookResult } from '../install/hook-plan.js';
import { HOOK_NAMES } from '../install/hook-scripts.js';
import { ownConfigValues } from '../install/config-plan.js';
import { clearInstallState, readInstallState, sameValue, type AddedValue } from '../install/state.js';
import { visible } from '../text/sanitize.js';
import type { JsonOutputOf } from '../schemas/json-outputs.js';
import { gitRepo } from './install.js';

/** What could not be removed, and git's or the file system's reason. */
interface Failure {
  what: string;
  reason: string;
}

const AGAIN = 'fix the cause (another git process at work, or a stale .git/config.lock left by one) and run git checkpoint uninstall again';

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
  const failed: Failure[] = [];
  const hooks: { name: string; action: UnhookResult }[] = [];
  await removeStagedLeftovers(hooksDir);
  for (const name of HOOK_NAMES) {
    await removeHook(hooksDir, name).then(
      (action) => hooks.push({ name, action }),
      (err: Error) => failed.push({ what: `${name} hook`, reason: err.message }),
    );
  }
  const { removed, kept } = await removeConfig(repo, env, failed);
  // The record stays while anything it lists could not be removed: a second uninstall finishes the job.
  if (!failed.length) await clearInstallState(repo);
  const lines = [`hooks in ${hooksDir}:`, ...hooks.map((h) => `  ${h.name.padEnd(13)} ${SAID[h.action]}`), 'config (this repository):'];
  for (const r of removed) lines.push(`  ${r.key} -= ${r.value}`);
  for (const k of kept) lines.push(`  ${k.key} = ${k.value} kept: ${k.why}`);
  if (!removed.length && !kept.length && !failed.length) lines.push('  nothing that install added');
  // One hint, after the last problem.
  const problems = failed.map((f, i) => ({ message: `could not remove ${visible(f.what)}: ${visible(f.reason)}`, hint: i === failed.length - 1 ? AGAIN : undefined }));
  const json: JsonOutputOf<'uninstall'> = {
    hooksDir, hooks, failed,
    config: [
      ...removed.map(({ key, value }) => ({ key, value, action: 'removed' as const, why: null })),
      ...kept.map(({ key, value, why }) => ({ key, value, action: 'kept' as const, why })),
    ],
  };
  return { outcome: failed.length ? 'failed' : 'ok', problems, json, report: `${lines.join('\n')}\n` };
}

/**
 * Unsets each value install recorded, and each value it recognises as its
 * own (config-plan.ts) even with the record gone, with --fixed-value; values
 * that were there before install stay. The writer id install created stays
 * when a chain already uses it: dropping it would orphan those checkpoints.
 * What cannot be removed goes to `failed`, and is checked again afterwards.
 */
async function removeConfig(repo: Repo, env: GitEnv, failed: Failure[]) {
  const removed: AddedValue[] = [];
  const kept: (AddedValue & { why: string })[] = [];
  const state = await readInstallState(repo);
  const isOurs = (v: AddedValue) => state.config.some((c) => sameValue(c, v)) || !state.preexisting.some((p) => sameValue(p, v));
  const recognised = async () => (await ownConfigValues(repo, env)).filter(isOurs);
  const candidates = [...state.config];
  for (const v of await recognised()) if (!candidates.some((c) => sameValue(c, v))) candidates.push(v);
  for (const value of candidates) {
    if (value.key === 'checkpoint.writer' && (await repo.readRef(chainRef(value.value)))) {
      kept.push({ ...value, why: 'your checkpoints are saved under it' });
      continue;
    }
    const result = await unsetConfigValue(repo, env, value.key, value.value);
    if (result === 'removed') removed.push(value);
    else if (result !== 'absent') failed.push({ what: `${value.key} = ${value.value}`, reason: result.error });
  }
  const left = (await recognised()).filter((v) => !failed.some((f) => f.what === `${v.key} = ${v.value}`));
  for (const v of left) failed.push({ what: `${v.key} = ${v.value}`, reason: 'still in the config after removing it' });
  return { removed, kept };
}

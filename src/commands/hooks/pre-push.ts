/**
 * pre-push (SPEC §10): push the own checkpoints along with the code, to the
 * remote being pushed to (or checkpoint.remote), when checkpoint.autoPush is
 * true (its default). Never blocks the user's push: a failure is one warning.
 */
import type { CommandResult, Context } from '../../cli/context.js';
import { EXIT } from '../../cli/exit-codes.js';
import { readWriter } from '../../checkpoint/identity.js';
import { pushOwnCheckpoints } from '../../checkpoint/push-along.js';

export async function run(ctx: Context, args: string[]): Promise<CommandResult> {
  await pushAlong(ctx, args);
  return { exitCode: EXIT.ok };
}

async function pushAlong(ctx: Context, args: string[]): Promise<void> {
  const env = ctx.deps.env;
  if (env.GIT_CHECKPOINT_SKIP === '1') return;
  const repo = await ctx.repo();
  if (!isTrue(await repo.getConfig('checkpoint.autoPush'), true)) return;
  const writer = await readWriter(repo);
  if (!writer) return;
  // pre-commit passes the remote in PRE_COMMIT_REMOTE_NAME instead of $1.
  const remote = (await repo.getConfig('checkpoint.remote')) ?? args[0] ?? env.PRE_COMMIT_REMOTE_NAME;
  if (!remote) return;
  const result = await pushOwnCheckpoints(repo, env, remote, writer);
  if (!result.ok) ctx.warn(`checkpoints not pushed to ${remote}: ${result.error} (try: git checkpoint push ${remote})`);
}

/** git's boolean spellings; `fallback` when unset or unrecognised. */
function isTrue(value: string | null, fallback: boolean): boolean {
  if (value === null) return fallback;
  const v = value.toLowerCase();
  if (['true', 'yes', 'on', '1'].includes(v)) return true;
  if (['false', 'no', 'off', '0', ''].includes(v)) return false;
  return fallback;
}

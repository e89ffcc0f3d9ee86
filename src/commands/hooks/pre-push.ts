/**
 * pre-push (SPEC §10): push the own checkpoints along with the code when
 * checkpoint.autoPush is true (its default) — to checkpoint.remote when a team
 * keeps checkpoints in a repository of their own, else to the remote being
 * pushed to. The same plan as `git checkpoint push` (atomic, fast-forward, a
 * lease only after a local prune/drop). Never blocks the user's push: a
 * failure is one warning.
 */
import type { CommandResult, Context } from '../../cli/context.js';
import { EXIT } from '../../cli/exit-codes.js';
import { parseBool } from '../../checkpoint/config-values.js';
import { readWriter } from '../../checkpoint/identity.js';
import { applyPush, planPush } from '../../checkpoint/push.js';
import { resolveRemote } from '../../checkpoint/remote.js';
import { visible } from '../../render/sanitize.js';

export async function run(ctx: Context, args: string[]): Promise<CommandResult> {
  await pushAlong(ctx, args);
  return { exitCode: EXIT.ok };
}

async function pushAlong(ctx: Context, args: string[]): Promise<void> {
  const env = ctx.deps.env;
  if (env.GIT_CHECKPOINT_SKIP === '1') return;
  const repo = await ctx.repo();
  const auto = await repo.getConfig('checkpoint.autoPush');
  if (auto !== null && parseBool(auto) === false) return;
  const writer = await readWriter(repo);
  if (!writer) return;
  // pre-commit passes the remote in PRE_COMMIT_REMOTE_NAME instead of $1.
  const given = (await repo.getConfig('checkpoint.remote')) ?? args[0] ?? env.PRE_COMMIT_REMOTE_NAME;
  // A push to a bare URL has no remote name to keep the fetched copies under: `git checkpoint push <remote>` does it.
  const remote = given ? await resolveRemote(repo, given).catch(() => null) : null;
  if (!remote) return;
  const plan = await planPush(repo, remote, writer);
  if (!plan.length || plan.every((p) => p.mode === 'up-to-date')) return;
  const report = await applyPush(repo, remote, writer, plan);
  if (!report.ok) ctx.warn(`checkpoints not pushed to ${visible(remote)}: ${visible(report.error ?? '')} (try: git checkpoint push ${visible(remote)})`);
}

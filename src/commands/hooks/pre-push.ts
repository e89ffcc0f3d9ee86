/**
 * pre-push (SPEC §10): push the own checkpoints along with the code when
 * checkpoint.autoPush says so (true, its default, or `nowip`: records without
 * their wip trees) — to checkpoint.remote when a team keeps checkpoints in a
 * repository of their own, else to the remote being pushed to. The same plan
 * as `git checkpoint push` (atomic, fast-forward, a lease only after a local
 * prune/drop). Sends nothing for `git push --dry-run`. Never blocks the
 * user's push: a failure, or an invalid setting, is one warning.
 */
import type { CommandResult, Context } from '../../io/context.js';
import { autoPushSetting, type AutoPush } from '../../checkpoint/config/config-values.js';
import { readWriter } from '../../checkpoint/store/identity.js';
import { applyPush, planPush, rejectionAdvice } from '../../checkpoint/sharing/push.js';
import { configuredRemote, remoteWord, resolveRemote } from '../../checkpoint/sharing/remote.js';
import { isGitPush, pushFlags, type PushFlags } from '../../hook/push-invocation.js';
import { visible } from '../../text/sanitize.js';

export async function run(ctx: Context, args: string[]): Promise<CommandResult> {
  await pushAlong(ctx, args);
  return { outcome: 'ok' };
}

async function pushAlong(ctx: Context, args: string[]): Promise<void> {
  const env = ctx.deps.env;
  if (env.GIT_CHECKPOINT_SKIP === '1') return;
  const repo = await ctx.repo();
  let mode: AutoPush;
  try {
    mode = autoPushSetting(await repo.getConfig('checkpoint.autoPush'));
  } catch (err) {
    ctx.warn(`${(err as Error).message}: checkpoints not pushed`);
    return;
  }
  const flags = await readPushFlags(ctx);
  if (mode === 'off' || flags.dryRun) return;
  const writer = await readWriter(repo);
  if (!writer) return;
  // pre-commit passes the remote in PRE_COMMIT_REMOTE_NAME instead of $1; the hook script passes
  // git's arguments after `--`, so a remote named `-u` arrives as a name.
  const given = (await configuredRemote(repo)) ?? args[0] ?? env.PRE_COMMIT_REMOTE_NAME;
  // A push to a bare URL has no remote name to keep the fetched copies under: `git checkpoint push <remote>` does it.
  const remote = given ? await resolveRemote(repo, given).catch(() => null) : null;
  if (!remote) return;
  const plan = await planPush(repo, remote, writer, { nowip: mode === 'nowip' });
  if (!plan.length || plan.every((p) => p.mode === 'up-to-date')) return;
  const report = await applyPush(repo, remote, writer, plan);
  if (!report.ok) {
    const advice = report.refs.some((r) => r.flag === '!') ? rejectionAdvice(report, remote) : `try: git checkpoint push ${remoteWord(remote)}`;
    ctx.warn(`checkpoints not pushed to ${visible(remote)}: ${visible(report.error ?? '')} (${visible(advice)})`);
    return;
  }
  if (report.pushed && !flags.quiet) ctx.deps.streams.err(`checkpoint: ${pushedLine(report.pushed, report.withWip, visible(remote))}\n`);
}

/** `pushed 3 checkpoints to origin (2 with snapshots of uncommitted files; …)`. */
function pushedLine(n: number, withWip: number, remote: string): string {
  const what = `pushed ${n} checkpoint${n === 1 ? '' : 's'} to ${remote}`;
  if (!withWip) return `${what} (records only, no uncommitted files)`;
  return `${what} (${withWip} with snapshots of uncommitted files; git config checkpoint.autoPush nowip sends records only)`;
}

/** The `git push` running this hook: its -n and -q, read from its command line where the system tells. */
async function readPushFlags(ctx: Context): Promise<PushFlags> {
  const lines = (await ctx.deps.ancestorCommandLines?.(6).catch(() => [])) ?? [];
  return pushFlags(lines.find(isGitPush) ?? []);
}

/** `git checkpoint push [remote]` (SPEC §3, §5). */
import { maxPositionals } from '../cli/args.js';
import type { CommandResult, Context, ParsedArgs } from '../io/context.js';
import { autoPushSetting } from '../checkpoint/config/config-values.js';
import { readWriter } from '../checkpoint/store/identity.js';
import { applyPush, planPush, rejectionAdvice, type PushReport } from '../checkpoint/sharing/push.js';
import { remoteWord, resolveRemote } from '../checkpoint/sharing/remote.js';
import { visible } from '../text/sanitize.js';
import type { JsonOutputOf } from '../schemas/json-outputs.js';

/** What `push` was asked for: the remote as named (undefined: the default one), and whether to send nothing. */
export interface PushOptions {
  remote: string | undefined;
  dryRun: boolean;
}

/** The arguments as options; UsageError for extra ones. Pure: tests check parsing alone. */
export function pushOptions(args: ParsedArgs): PushOptions {
  maxPositionals(args, 1, 'push');
  return { remote: args.positionals[0], dryRun: Boolean(args.values['dry-run']) };
}

export async function run(ctx: Context, args: ParsedArgs): Promise<CommandResult> {
  return runPush(ctx, pushOptions(args));
}

export async function runPush(ctx: Context, opts: PushOptions): Promise<CommandResult> {
  const { dryRun } = opts;
  const repo = await ctx.repo();
  const remote = await resolveRemote(repo, opts.remote);
  const writer = await readWriter(repo);
  // Sent as the hook sends them: with checkpoint.autoPush=nowip, records without their wip trees.
  const nowip = autoPushSetting(await repo.getConfig('checkpoint.autoPush')) === 'nowip';
  const plan = writer ? await planPush(repo, remote, writer, { nowip }) : [];
  if (!writer || !plan.length) {
    const json: JsonOutputOf<'push'> = { remote, writer, ok: true, dryRun, count: 0, withWip: 0, rewritten: [], refs: [], error: null, bookkeeping: null };
    return { outcome: 'ok', json, report: 'nothing to push: no checkpoints saved in this clone\n' };
  }
  const report = await applyPush(repo, remote, writer, plan, { dryRun });
  if (!report.ok) {
    const problem = { message: `failed to push checkpoints to '${visible(remote)}': ${visible(report.error ?? '')}`, hint: rejectionAdvice(report, remote) };
    return { outcome: 'failed', problems: [problem], json: pushJson(report) };
  }
  if (report.bookkeeping) {
    ctx.warn(`pushed, but could not record what '${remote}' now holds: ${report.bookkeeping}`);
    ctx.hint(`the remote is up to date; once this repository is writable, run: git checkpoint fetch ${remoteWord(remote)}`);
  }
  return { outcome: report.bookkeeping ? 'partial' : 'ok', json: pushJson(report), report: renderPush(report) };
}

/** The report in the words `fetch --json` uses too: `count` new checkpoints, `rewritten` writers. */
function pushJson(r: PushReport): JsonOutputOf<'push'> {
  return {
    remote: r.remote, writer: r.writer, ok: r.ok, dryRun: r.dryRun, count: r.pushed, withWip: r.withWip,
    rewritten: r.rewrote ? [r.writer] : [], refs: r.refs, error: r.error, bookkeeping: r.bookkeeping,
  };
}

/** `pushed 3 new checkpoints to origin`; with --dry-run, `would push …` and the refs git would update. */
export function renderPush(report: PushReport): string {
  const remote = visible(report.remote);
  const n = report.pushed;
  const lines: string[] = [];
  const [replace, push] = report.dryRun ? ['would replace', 'would push'] : ['replaced', 'pushed'];
  if (report.rewrote) lines.push(`${replace} your rewritten chain on ${remote} (after prune or drop)`);
  if (n) lines.push(`${push} ${n} new checkpoint${n === 1 ? '' : 's'} to ${remote}${report.withWip ? ` (${report.withWip} with snapshots of uncommitted files)` : ''}`);
  if (report.dryRun) for (const r of report.refs) if (r.flag !== '=') lines.push(`  ${visible(r.ref)}  ${visible(r.summary)}`);
  if (!lines.length) lines.push(`checkpoints already up to date on ${remote}`);
  return `${lines.join('\n')}\n`;
}

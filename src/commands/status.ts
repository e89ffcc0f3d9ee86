/** `git checkpoint status` (SPEC §5, §8): the reconciliation for `latest` alone, short form. */
import { maxPositionals, type OptionSpec } from '../cli/args.js';
import type { CommandResult, Context, ParsedArgs } from '../cli/context.js';
import { EXIT } from '../cli/exit-codes.js';
import { loadListing } from '../checkpoint/listing.js';
import { planReconcile } from '../checkpoint/reconcile.js';
import { gatherReconcileFacts } from '../checkpoint/reconcile-facts.js';
import { loadRecord, resolveCheckpoint } from '../checkpoint/resolve.js';
import { formatAge } from '../checkpoint/when.js';
import { renderReconcile } from '../render/reconcile.js';
import { oneLine } from '../render/sanitize.js';
import { warnInvalid } from './list.js';

export const options: OptionSpec = {};
export const usage = 'git checkpoint status';

export async function run(ctx: Context, args: ParsedArgs): Promise<CommandResult> {
  maxPositionals(args, 0, 'status');
  const repo = await ctx.worktreeRepo();
  const [listing, branch] = await Promise.all([loadListing(repo), repo.headBranch()]);
  warnInvalid(ctx, listing);
  const summary = resolveCheckpoint(listing, 'latest', branch);
  const record = await loadRecord(repo, summary);
  const reconcile = planReconcile(record, await gatherReconcileFacts(repo, record));
  const exitCode = reconcile.drift ? EXIT.drift : EXIT.ok;
  const who = summary.remote ? `${record.writer} (${summary.remote})` : record.writer;
  const age = formatAge(new Date(record.createdAt), ctx.deps.now());
  const head = `checkpoint ${oneLine(record.id)}: ${oneLine(record.task.title, 100)}\n` +
    `saved ${age} by ${oneLine(who)} on ${oneLine(record.git.branch ?? '(detached)', 120)}\n\n`;
  const text = head + renderReconcile(reconcile, { color: await ctx.useColor(), maxPaths: 5 });
  return { exitCode, json: { checkpoint: record, reconcile }, text };
}

/**
 * `git checkpoint status` (SPEC §5, §8): the reconciliation for `latest`
 * alone, short form; `--format md` prints the whole checkpoint first (as
 * `resume` does, without recording it as resumed), `--format json` the JSON.
 */
import { maxPositionals, stringOption, type OptionSpec } from '../cli/args.js';
import type { CommandResult, Context, ParsedArgs } from '../cli/context.js';
import { EXIT } from '../cli/exit-codes.js';
import { loadListing } from '../checkpoint/listing.js';
import { planReconcile } from '../checkpoint/reconcile.js';
import { gatherReconcileFacts } from '../checkpoint/reconcile-facts.js';
import { loadRecord, resolveCheckpoint } from '../checkpoint/resolve.js';
import { formatAge } from '../checkpoint/when.js';
import { UsageError } from '../errors.js';
import { renderMarkdown } from '../render/md.js';
import { renderRecap } from '../render/recap.js';
import { reconcileVerdicts } from '../render/recap-reconcile.js';
import { renderReconcile } from '../render/reconcile.js';
import { oneLine } from '../render/sanitize.js';
import { warnInvalid } from './list.js';

export const options: OptionSpec = { format: { type: 'string' } };
export const usage = 'git checkpoint status [--format short|md|json|recap]';

const FORMATS = ['short', 'md', 'json', 'recap'] as const;

export async function run(ctx: Context, args: ParsedArgs): Promise<CommandResult> {
  maxPositionals(args, 0, 'status');
  const format = ctx.globals.json ? 'json' : (stringOption(args, 'format') ?? 'short');
  if (!(FORMATS as readonly string[]).includes(format)) {
    throw new UsageError(`invalid value for '--format': '${format}' (expected ${FORMATS.join(', ')})`);
  }
  const repo = await ctx.worktreeRepo();
  const [listing, branch] = await Promise.all([loadListing(repo), repo.headBranch()]);
  warnInvalid(ctx, listing);
  const summary = resolveCheckpoint(listing, 'latest', branch);
  const record = await loadRecord(repo, summary);
  const reconcile = planReconcile(record, await gatherReconcileFacts(repo, record));
  const exitCode = reconcile.drift ? EXIT.drift : EXIT.ok;
  const json = { checkpoint: record, reconcile };
  if (format === 'json') return { exitCode, json, text: `${JSON.stringify(json, null, 2)}\n` };
  if (format === 'recap') return { exitCode, json, text: renderRecap(record, { reconcile: reconcileVerdicts(reconcile) }) };
  const color = await ctx.useColor();
  if (format === 'md') {
    const md = renderMarkdown(record, { color, remote: summary.remote });
    return { exitCode, json, text: `${md}\n${renderReconcile(reconcile, { color, maxPaths: 20, heading: true })}` };
  }
  const who = summary.remote ? `${record.writer} (${summary.remote})` : record.writer;
  const age = formatAge(new Date(record.createdAt), ctx.deps.now());
  const head = `checkpoint ${oneLine(record.id)}: ${oneLine(record.task.title, 100)}\n` +
    `saved ${age} by ${oneLine(who)} on ${oneLine(record.git.branch ?? '(detached)', 120)}\n\n`;
  return { exitCode, json, text: head + renderReconcile(reconcile, { color, maxPaths: 5 }) };
}

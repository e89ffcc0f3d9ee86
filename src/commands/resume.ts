/** `git checkpoint resume [<ckpt>]` (SPEC §5, §8): print the checkpoint, then where the repository disagrees. */
import { maxPositionals, stringOption, type OptionSpec } from '../cli/args.js';
import type { CommandResult, Context, ParsedArgs } from '../cli/context.js';
import { EXIT } from '../cli/exit-codes.js';
import { rememberLast } from '../checkpoint/lineage.js';
import { loadListing } from '../checkpoint/listing.js';
import { planReconcile } from '../checkpoint/reconcile.js';
import { gatherReconcileFacts } from '../checkpoint/reconcile-facts.js';
import { loadRecord, resolveCheckpoint } from '../checkpoint/resolve.js';
import { UsageError } from '../errors.js';
import { renderMarkdown } from '../render/md.js';
import { renderRecap } from '../render/recap.js';
import { reconcileVerdicts } from '../render/recap-reconcile.js';
import { renderReconcile } from '../render/reconcile.js';
import { warnInvalid } from './list.js';

export const options: OptionSpec = { format: { type: 'string' } };
export const usage = 'git checkpoint resume [<checkpoint>] [--format md|json|recap]';

const FORMATS = ['md', 'json', 'recap'] as const;

export async function run(ctx: Context, args: ParsedArgs): Promise<CommandResult> {
  maxPositionals(args, 1, 'resume');
  const format = ctx.globals.json ? 'json' : (stringOption(args, 'format') ?? 'md');
  if (!(FORMATS as readonly string[]).includes(format)) {
    throw new UsageError(`invalid value for '--format': '${format}' (expected ${FORMATS.join(', ')})`);
  }
  const repo = await ctx.worktreeRepo();
  const [listing, branch] = await Promise.all([loadListing(repo), repo.headBranch()]);
  warnInvalid(ctx, listing);
  const summary = resolveCheckpoint(listing, args.positionals[0] ?? 'latest', branch);
  const record = await loadRecord(repo, summary);
  const reconcile = planReconcile(record, await gatherReconcileFacts(repo, record));
  // The next save in this worktree continues from here, even across writers (SPEC §3 lineage).
  await rememberLast(repo, { id: record.id, commit: summary.commit, writer: record.writer });
  const exitCode = reconcile.drift ? EXIT.drift : EXIT.ok;
  const json = { checkpoint: record, reconcile };
  if (format === 'json') return { exitCode, json, text: `${JSON.stringify(json, null, 2)}\n` };
  if (format === 'recap') return { exitCode, json, text: renderRecap(record, { reconcile: reconcileVerdicts(reconcile) }) };
  const color = await ctx.useColor();
  const md = renderMarkdown(record, { color, remote: summary.remote });
  return { exitCode, json, text: `${md}\n${renderReconcile(reconcile, { color, maxPaths: 20, heading: true })}` };
}

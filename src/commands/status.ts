/**
 * `git checkpoint status` (SPEC §5, §8): the reconciliation for `latest`
 * alone, short form; `--format md` prints the whole checkpoint first (as
 * `resume` does, without recording it as resumed), `--format json` the JSON.
 */
import { maxPositionals, readFormat } from '../cli/args.js';
import type { CommandResult, Context, GlobalOptions, ParsedArgs } from '../io/context.js';
import { formatAge } from '../checkpoint/record/when.js';
import { renderReconcile } from '../render/reconcile.js';
import { oneLine } from '../text/sanitize.js';
import type { JsonOutputOf } from '../schemas/json-outputs.js';
import { loadReconciled, renderReconciled } from './reconciled.js';

/** What `status` was asked for: the format. */
export interface StatusOptions {
  format: string;
}

/** The arguments as options; UsageError for a bad format or any argument. Pure: tests check parsing alone. */
export function statusOptions(args: ParsedArgs, globals: GlobalOptions): StatusOptions {
  maxPositionals(args, 0, 'status');
  return { format: readFormat(globals, args, ['short', 'md', 'json', 'recap'], 'short') };
}

export async function run(ctx: Context, args: ParsedArgs): Promise<CommandResult> {
  return runStatus(ctx, statusOptions(args, ctx.globals));
}

export async function runStatus(ctx: Context, { format }: StatusOptions): Promise<CommandResult> {
  const r = await loadReconciled(ctx, 'latest');
  const rendered = await renderReconciled(ctx, r, format);
  if (rendered) return rendered;
  const { record, summary } = r;
  const who = summary.remote ? `${record.writer} (${summary.remote})` : record.writer;
  const age = formatAge(new Date(record.createdAt), ctx.deps.now());
  const head = `checkpoint ${oneLine(record.id)}: ${oneLine(record.task.title, 100)}\n` +
    `saved ${age} by ${oneLine(who)} on ${oneLine(record.git.branch ?? '(detached)', 120)}\n\n`;
  const color = await ctx.useColor();
  const json: JsonOutputOf<'status'> = { checkpoint: record, reconcile: r.reconcile };
  return { outcome: r.outcome, json, text: head + renderReconcile(r.reconcile, { color, maxPaths: 5 }) };
}

/** `git checkpoint log [<ckpt>]` (SPEC §5): the lineage graph, predecessors across chains. */
import { maxPositionals, stringOption } from '../cli/args.js';
import type { CommandResult, Context, ParsedArgs } from '../io/context.js';
import { loadLineage } from '../checkpoint/listing/lineage-graph.js';
import { readWriter } from '../checkpoint/store/identity.js';
import { loadListing } from '../checkpoint/listing/listing.js';
import { resolveCheckpoint } from '../checkpoint/listing/resolve.js';
import { UsageError } from '../errors.js';
import { renderLineage } from '../render/lineage.js';
import type { JsonOutputOf } from '../schemas/json-outputs.js';
import { warnInvalid } from './list.js';
import { lineageJson } from '../services/log-data.js';

/** What `log` was asked for, checked. */
export interface LogOptions {
  /** The checkpoint the lineage starts from. */
  start: string;
  limit: number;
}

/** The arguments as options; UsageError for a bad value. Pure: tests check parsing alone. */
export function logOptions(args: ParsedArgs): LogOptions {
  maxPositionals(args, 1, 'log');
  const limitText = stringOption(args, 'limit') ?? '200';
  if (!/^[1-9]\d{0,5}$/.test(limitText)) throw new UsageError(`invalid value for '--limit': '${limitText}' (expected a positive whole number)`);
  return { start: args.positionals[0] ?? 'latest', limit: Number(limitText) };
}

export async function run(ctx: Context, args: ParsedArgs): Promise<CommandResult> {
  return runLog(ctx, logOptions(args));
}

export async function runLog(ctx: Context, opts: LogOptions): Promise<CommandResult> {
  const repo = await ctx.repo();
  const [listing, branch, writer] = await Promise.all([loadListing(repo, { now: ctx.deps.now().getTime() }), repo.headBranch(), readWriter(repo)]);
  warnInvalid(ctx, listing);
  const start = resolveCheckpoint(listing, opts.start, branch, writer);
  const { nodes, truncated } = await loadLineage(repo, listing, start, opts.limit);
  const json: JsonOutputOf<'log'> = lineageJson(start.id, nodes, truncated);
  return { outcome: 'ok', json, text: renderLineage(start.id, nodes, { color: await ctx.useColor(), truncated }) };
}

/** `git checkpoint list` (SPEC §5, §7). */
import { maxPositionals, stringOption } from '../cli/args.js';
import type { CommandResult, Context, ParsedArgs } from '../io/context.js';
import type { Listing } from '../checkpoint/listing/types.js';
import { listPage } from '../checkpoint/listing/listing-page.js';
import { parseSince } from '../checkpoint/record/when.js';
import { UsageError } from '../errors.js';
import { fetchSuggestion } from '../checkpoint/sharing/remote.js';
import type { Repo } from '../git/repo.js';
import { listingWarnings } from '../render/listing-warnings.js';
import { renderList } from '../render/table.js';
import type { JsonOutputOf } from '../schemas/json-outputs.js';
import { summaryJson } from '../services/list-data.js';
import { warnCollisions } from './shared/collision-report.js';

const DEFAULT_LIMIT = 20;

/** What `list` was asked for, checked. */
export interface ListOptions {
  /** 0: all. */
  limit: number;
  since: Date | null;
  /** A branch name; `here` for the current branch; undefined for all. */
  branch: { name: string } | 'here' | undefined;
  writer: string | undefined;
  label: string | undefined;
  /** Only this clone's own chains. */
  local: boolean;
}

/** The flags as options; UsageError for a bad or conflicting value. Pure: tests check parsing alone. */
export function listOptions(args: ParsedArgs, now: Date): ListOptions {
  maxPositionals(args, 0, 'list');
  if (args.values.here && args.values.branch !== undefined) throw new UsageError("'--here' and '--branch' cannot be used together");
  const branch = stringOption(args, 'branch');
  return {
    limit: parseLimit(stringOption(args, 'limit')),
    since: args.values.since !== undefined ? parseSince(String(args.values.since), now) : null,
    branch: args.values.here ? 'here' : branch === undefined ? undefined : { name: branch },
    writer: stringOption(args, 'writer'),
    label: stringOption(args, 'label'),
    local: Boolean(args.values.local),
  };
}

export async function run(ctx: Context, args: ParsedArgs): Promise<CommandResult> {
  return runList(ctx, listOptions(args, ctx.deps.now()));
}

export async function runList(ctx: Context, opts: ListOptions): Promise<CommandResult> {
  const { limit, since, writer, label } = opts;
  const repo = await ctx.repo();
  const branch = opts.branch === 'here' ? await repo.headBranch() : opts.branch?.name;
  const { listing, shown, total } = await listPage(repo, { filters: { branch, writer, label, since }, limit, local: opts.local, now: ctx.deps.now().getTime() });
  warnInvalid(ctx, listing);
  warnCollisions(ctx, listing.collisions ?? []);
  const json: JsonOutputOf<'list'> | undefined = ctx.globals.json ? { total, shown: shown.length, checkpoints: shown.map(summaryJson) } : undefined;
  if (!shown.length) {
    if (!ctx.globals.json) ctx.hint(await emptyHint(repo, listing));
    return { outcome: 'ok', json, text: '' };
  }
  return { outcome: 'ok', json, text: renderList(shown, { total, color: await ctx.useColor() }) };
}

/** Warns about invalid records (SPEC §4) and untrue fetched ones (§9), aggregated past a few: listed commands skip them and go on. */
export function warnInvalid(ctx: Context, listing: Listing): void {
  for (const line of listingWarnings(listing)) ctx.warn(line);
}

async function emptyHint(repo: Repo, listing: Listing): Promise<string> {
  if (listing.checkpoints.length) return 'no checkpoint matches these filters';
  const remote = await fetchSuggestion(repo, listing);
  return remote ? `no checkpoints yet; fetch the checkpoints of '${remote}' with: git checkpoint fetch` : 'no checkpoints yet: git checkpoint save -m "<task>"';
}

function parseLimit(value: string | undefined): number {
  if (value === undefined) return DEFAULT_LIMIT;
  if (!/^\d+$/.test(value)) throw new UsageError(`invalid value for '--limit': '${value}' (expected a whole number)`);
  return Number(value);
}

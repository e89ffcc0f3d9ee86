/** `git checkpoint list` (SPEC §5, §7). */
import { maxPositionals, stringOption } from '../cli/args.js';
import type { CommandResult, Context, ParsedArgs } from '../cli/context.js';
import { loadListing, type Listing } from '../checkpoint/listing.js';
import { parseSince } from '../checkpoint/when.js';
import { UsageError } from '../errors.js';
import { fetchSuggestion } from '../checkpoint/remote.js';
import type { Repo } from '../git/repo.js';
import { listingWarnings } from '../render/listing-warnings.js';
import { renderList } from '../render/table.js';
import type { JsonOutputOf } from '../schemas/json-outputs.js';
import { filterCheckpoints, summaryJson } from './shared/list-data.js';

const DEFAULT_LIMIT = 20;

export async function run(ctx: Context, args: ParsedArgs): Promise<CommandResult> {
  maxPositionals(args, 0, 'list');
  const limit = parseLimit(stringOption(args, 'limit'));
  const since = args.values.since !== undefined ? parseSince(String(args.values.since), ctx.deps.now()) : null;
  if (args.values.here && args.values.branch !== undefined) throw new UsageError("'--here' and '--branch' cannot be used together");
  const repo = await ctx.repo();
  const branch = args.values.here ? await repo.headBranch() : stringOption(args, 'branch');
  const listing = await loadListing(repo, { local: Boolean(args.values.local), now: ctx.deps.now().getTime() });
  warnInvalid(ctx, listing);
  const writer = stringOption(args, 'writer');
  const label = stringOption(args, 'label');
  const matching = filterCheckpoints(listing, { branch, writer, label, since });
  const shown = limit === 0 ? matching : matching.slice(0, limit);
  const json: JsonOutputOf<'list'> | undefined = ctx.globals.json ? { total: matching.length, shown: shown.length, checkpoints: shown.map(summaryJson) } : undefined;
  if (!matching.length) {
    if (!ctx.globals.json) ctx.hint(await emptyHint(repo, listing));
    return { outcome: 'ok', json, text: '' };
  }
  return { outcome: 'ok', json, text: renderList(shown, { total: matching.length, color: await ctx.useColor() }) };
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

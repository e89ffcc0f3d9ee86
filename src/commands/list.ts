/** `git checkpoint list` (SPEC §5, §7). */
import { maxPositionals, stringOption } from '../cli/args.js';
import type { CommandResult, Context, ParsedArgs } from '../cli/context.js';
import { checkListed, loadListing, partialListing, type CheckpointSummary, type Listing } from '../checkpoint/listing.js';
import { VIEW_HEAD_ROWS } from '../checkpoint/listing-view.js';
import { parseSince } from '../checkpoint/when.js';
import { UsageError } from '../errors.js';
import { fetchSuggestion } from '../checkpoint/remote.js';
import type { Repo } from '../git/repo.js';
import { listingWarnings } from '../render/listing-warnings.js';
import { renderList } from '../render/table.js';
import type { JsonOutputOf } from '../schemas/json-outputs.js';
import { filterCheckpoints, summaryJson, type ListFilters } from './shared/list-data.js';

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
  const filters = { branch, writer, label, since };
  const { local } = opts;
  // The newest rows alone, unfiltered, come from the listing's head while no chain moved.
  const head = !local && branch === undefined && writer === undefined && label === undefined && !since && limit > 0 && limit <= VIEW_HEAD_ROWS;
  const load = (fromHead: boolean) => loadListing(repo, { local, now: ctx.deps.now().getTime(), lazy: true, head: fromHead, all: !fromHead });
  let listing = await load(head);
  let page = await pageOf(repo, listing, filters, limit);
  if (!page) page = await pageOf(repo, (listing = await load(false)), filters, limit);
  const { shown, total } = page!;
  warnInvalid(ctx, listing);
  const json: JsonOutputOf<'list'> | undefined = ctx.globals.json ? { total, shown: shown.length, checkpoints: shown.map(summaryJson) } : undefined;
  if (!shown.length) {
    if (!ctx.globals.json) ctx.hint(await emptyHint(repo, listing));
    return { outcome: 'ok', json, text: '' };
  }
  return { outcome: 'ok', json, text: renderList(shown, { total, color: await ctx.useColor() }) };
}

/** A page of the listing; null when a listing read from the head cannot answer (a row was invalid, or the page goes past the head). */
async function pageOf(repo: Repo, listing: Listing, filters: ListFilters, limit: number): Promise<{ shown: CheckpointSummary[]; total: number } | null> {
  const partial = partialListing(listing);
  if (!partial) return firstValid(repo, listing, filterCheckpoints(listing, filters), limit === 0 ? Infinity : limit);
  const rows = listing.checkpoints.slice(0, partial.headRows);
  const page = await firstValid(repo, listing, rows, limit);
  const past = page.shown.length < limit || page.read >= rows.length;
  if (partialListing(listing)!.stale || (past && partial.total > rows.length)) return null;
  return { shown: page.shown, total: partial.total };
}

/**
 * The newest `limit` of `matching` whose records are valid: only those, the
 * invalid ones met on the way, and any row whose commit time could still
 * beat a shown one's record date are read. `total` counts the matching rows
 * not found invalid; rows past the shown ones are counted from their commit
 * messages.
 */
async function firstValid(repo: Repo, listing: Listing, matching: CheckpointSummary[], limit: number): Promise<{ shown: CheckpointSummary[]; total: number; read: number }> {
  let shown: CheckpointSummary[] = [];
  let next = 0;
  let invalid = 0;
  while (next < matching.length) {
    const full = shown.length >= limit;
    // Rows are ordered by the latest time each could claim: past the oldest shown one, none can be newer.
    if (full && matching[next]!.time <= shown[shown.length - 1]!.time) break;
    const batch = matching.slice(next, next + (full ? 1 : Math.min(limit - shown.length, 10_000)));
    next += batch.length;
    const valid = await checkListed(repo, listing, batch);
    invalid += batch.length - valid.length;
    shown = [...shown, ...valid].sort((a, b) => b.time - a.time).slice(0, limit);
  }
  return { shown, total: matching.length - invalid, read: next };
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

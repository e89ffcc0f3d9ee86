/** `git checkpoint fetch [remote]` (SPEC §3, §5). */
import { maxPositionals } from '../cli/args.js';
import type { CommandResult, Context, ParsedArgs } from '../io/context.js';
import { fetchCheckpoints, type FetchReport } from '../checkpoint/sharing/fetch.js';
import { readWriter } from '../checkpoint/store/identity.js';
import { CHAINS_PREFIX } from '../checkpoint/store/refs.js';
import { resolveRemote } from '../checkpoint/sharing/remote.js';
import { findCollisions, listChainTips } from '../checkpoint/listing/writer-copies.js';
import { warnCollisions } from './shared/collision-report.js';
import { visible } from '../text/sanitize.js';
import type { JsonOutputOf } from '../schemas/json-outputs.js';

/** What `fetch` was asked for: the remote as named (undefined: the default one). */
export interface FetchOptions {
  remote: string | undefined;
}

/** The arguments as options; UsageError for extra ones. Pure: tests check parsing alone. */
export function fetchOptions(args: ParsedArgs): FetchOptions {
  maxPositionals(args, 1, 'fetch');
  return { remote: args.positionals[0] };
}

export async function run(ctx: Context, args: ParsedArgs): Promise<CommandResult> {
  return runFetch(ctx, fetchOptions(args));
}

export async function runFetch(ctx: Context, opts: FetchOptions): Promise<CommandResult> {
  const repo = await ctx.repo();
  // Listing what we have overlaps with reading the config: start-up is part of the cost.
  const known = repo.listRefs(CHAINS_PREFIX);
  known.catch(() => {});
  const remote = await resolveRemote(repo, opts.remote);
  const report = await fetchCheckpoints(repo, remote, await readWriter(repo), known);
  const total = report.arrived.reduce((n, a) => n + a.count, 0);
  for (const f of report.failed.slice(0, 10)) {
    ctx.warn(`could not fetch the checkpoints of ${visible(f.writer)} from '${visible(remote)}': ${visible(f.reason)}; the other writers' were fetched`);
  }
  if (report.failed.length > 10) ctx.warn(`and ${report.failed.length - 10} more writers could not be fetched`);
  // The own writer's copy from this remote holding another copy's line of work: said at once, with the mend.
  const collisions = (await findCollisions(repo, await listChainTips(repo))).filter((c) => c.remote === remote);
  warnCollisions(ctx, collisions);
  const json: JsonOutputOf<'fetch'> = { remote: report.remote, count: total, arrived: report.arrived, rewritten: report.rewritten, failed: report.failed };
  return { outcome: 'ok', json, report: renderFetch(report, total) };
}

/** Writers named in the report line, and chain rewrites given a line each; --json lists them all. */
const NAMED_WRITERS = 5;
const REWRITE_LINES = 10;

/** `fetched 5 new checkpoints from origin: 3 from ada-x1y2z3, 2 from bob-...` (most first), the rest counted. */
export function renderFetch(report: FetchReport, total: number): string {
  const remote = visible(report.remote);
  const lines: string[] = [];
  if (!total) lines.push(`no new checkpoints from ${remote}`);
  else {
    const arrived = report.arrived;
    const named = arrived.slice(0, arrived.length > NAMED_WRITERS + 1 ? NAMED_WRITERS : arrived.length);
    const rest = arrived.slice(named.length);
    const more = rest.length ? `, and ${rest.reduce((n, a) => n + a.count, 0)} from ${rest.length} more writers` : '';
    const who = named.map((a) => `${a.count} from ${visible(a.writer)}`).join(', ') + more;
    lines.push(`fetched ${total} new checkpoint${total === 1 ? '' : 's'} from ${remote}: ${who}`);
  }
  const rewrites = report.rewritten.length > REWRITE_LINES + 1 ? report.rewritten.slice(0, REWRITE_LINES) : report.rewritten;
  for (const w of rewrites) lines.push(`${visible(w)} rewrote its chain on ${remote} (prune or drop); your copy follows`);
  if (rewrites.length < report.rewritten.length) lines.push(`and ${report.rewritten.length - rewrites.length} more writers rewrote their chain on ${remote}; your copies follow`);
  return `${lines.join('\n')}\n`;
}

/**
 * `git checkpoint synthesize <ckpt>... [--exclude <ckpt>]... [--label <l>]`:
 * one new checkpoint merged from several (planning in
 * src/checkpoint/synthesize.ts), saved through the one save path with the
 * inputs as its lineage parents (their commits on other chains become extra
 * parents of the new chain commit).
 */
import { listOption, stringOption, type OptionSpec } from '../cli/args.js';
import type { CommandResult, Context, ParsedArgs } from '../cli/context.js';
import { loadListing, type CheckpointSummary, type Listing } from '../checkpoint/listing.js';
import { loadLineage } from '../checkpoint/lineage-graph.js';
import { loadRecord, resolveCheckpoint } from '../checkpoint/resolve.js';
import { LABEL_PATTERN } from '../checkpoint/schema.js';
import { planSynthesis, type SynthesisInput } from '../checkpoint/synthesize.js';
import { UsageError } from '../errors.js';
import type { Repo } from '../git/repo.js';
import { saveAndReport } from './shared/save-report.js';

export const options: OptionSpec = {
  exclude: { type: 'string', multiple: true },
  label: { type: 'string' },
};

export const usage = 'git checkpoint synthesize <checkpoint>... [--exclude <checkpoint>]... [--label <label>]';

/** How far lineage is followed to find which inputs descend from which. */
const MAX_WALK = 500;

export async function run(ctx: Context, args: ParsedArgs): Promise<CommandResult> {
  if (!args.positionals.length) throw new UsageError('name at least one checkpoint to synthesize');
  const label = stringOption(args, 'label') ?? null;
  if (label !== null && !LABEL_PATTERN.test(label)) throw new UsageError(`invalid label '${label}': use 1 to 64 characters of [A-Za-z0-9._-]`);
  const repo = await ctx.worktreeRepo();
  const [listing, branch] = await Promise.all([loadListing(repo), repo.headBranch()]);
  const pick = (spec: string) => resolveCheckpoint(listing, spec, branch);
  const excluded = new Set((listOption(args, 'exclude') ?? []).map((s) => pick(s).id));
  const chosen = new Map<string, CheckpointSummary>();
  for (const spec of args.positionals) {
    const s = pick(spec);
    if (!excluded.has(s.id)) chosen.set(s.id, s);
  }
  if (!chosen.size) throw new UsageError('nothing left to synthesize after --exclude');
  const records = await Promise.all([...chosen.values()].map(async (s) => ({ s, record: await loadRecord(repo, s) })));
  const inputs: SynthesisInput[] = await Promise.all(records.map(async ({ s, record }) => ({
    record, commit: s.commit, ancestors: await ancestorsAmong(repo, listing, s, new Set(chosen.keys())),
  })));
  const plan = planSynthesis(inputs, { label, excluded: [...excluded].sort() });
  const { superseded, contradictions, closed } = plan.stats;
  ctx.hint(`synthesized ${inputs.length} checkpoint(s): ${superseded} superseded, ${contradictions} contradiction(s), ${closed} closed item(s)`);
  return saveAndReport(ctx, { layers: [plan.content], lineage: { kind: 'links', links: plan.parents }, carry: false });
}

/** The ids in `among` that `start` descends from, following record parents (bounded). */
async function ancestorsAmong(repo: Repo, listing: Listing, start: CheckpointSummary, among: Set<string>): Promise<Set<string>> {
  const { nodes } = await loadLineage(repo, listing, start, MAX_WALK);
  return new Set([...nodes.keys()].filter((id) => id !== start.id && among.has(id)));
}

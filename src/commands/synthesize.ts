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
import { loadRecord, resolveCheckpoint } from '../checkpoint/resolve.js';
import { LABEL_PATTERN, type CheckpointRecord } from '../checkpoint/schema.js';
import { planSynthesis, type SynthesisInput } from '../checkpoint/synthesize.js';
import { UsageError } from '../errors.js';
import type { Repo } from '../git/repo.js';
import { saveCheckpoint } from './save.js';

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
    record, commit: s.commit, ancestors: await ancestorsAmong(repo, listing, record, new Set(chosen.keys())),
  })));
  const plan = planSynthesis(inputs, { label, excluded: [...excluded].sort() });
  const { superseded, contradictions, closed } = plan.stats;
  ctx.hint(`synthesized ${inputs.length} checkpoint(s): ${superseded} superseded, ${contradictions} contradiction(s), ${closed} closed item(s)`);
  return saveCheckpoint(ctx, { layers: [plan.content], lineage: { kind: 'links', links: plan.parents } });
}

/** The ids in `among` that `record` descends from, following record parents (bounded). */
async function ancestorsAmong(repo: Repo, listing: Listing, record: CheckpointRecord, among: Set<string>): Promise<Set<string>> {
  const byId = new Map(listing.checkpoints.map((c) => [c.id, c]));
  const found = new Set<string>();
  const seen = new Set<string>([record.id]);
  let frontier = [...record.parents];
  while (frontier.length && seen.size < MAX_WALK) {
    const id = frontier.shift()!;
    if (seen.has(id)) continue;
    seen.add(id);
    if (among.has(id)) found.add(id);
    const summary = byId.get(id);
    if (!summary) continue;
    const parent = await loadRecord(repo, summary).catch(() => null);
    if (parent) frontier = [...frontier, ...parent.parents];
  }
  return found;
}

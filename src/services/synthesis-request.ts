/** What `synthesize` and the MCP `checkpoint_synthesize` tool save: the merged content, with the inputs as lineage parents. */
import { loadListing } from '../checkpoint/listing/listing.js';
import type { CheckpointSummary, Listing } from '../checkpoint/listing/types.js';
import { loadLineage } from '../checkpoint/listing/lineage-graph.js';
import { loadRecord, resolveCheckpoint } from '../checkpoint/listing/resolve.js';
import type { SaveRequest } from '../checkpoint/planners/save.js';
import { LABEL_PATTERN } from '../checkpoint/record/schema.js';
import { planSynthesis, type SynthesisInput } from '../checkpoint/planners/synthesize.js';
import { UsageError } from '../errors.js';
import type { Repo } from '../git/repo.js';

/** How far lineage is followed to find which inputs descend from which. */
const MAX_WALK = 500;

export interface SynthesisRequest {
  request: SaveRequest;
  inputs: number;
  stats: { superseded: number; contradictions: number; closed: number };
}

/** Resolves the checkpoints to merge and plans the synthesis; UsageError when nothing is left to merge. Writes nothing. */
export async function planSynthesisRequest(
  repo: Repo, specs: string[], opts: { exclude: string[]; label: string | null },
): Promise<SynthesisRequest> {
  if (!specs.length) throw new UsageError('name at least one checkpoint to synthesize');
  const { label } = opts;
  if (label !== null && !LABEL_PATTERN.test(label)) throw new UsageError(`invalid label '${label}': use 1 to 64 characters of [A-Za-z0-9._-]`);
  const [listing, branch] = await Promise.all([loadListing(repo), repo.headBranch()]);
  const pick = (spec: string) => resolveCheckpoint(listing, spec, branch);
  const excluded = new Set(opts.exclude.map((s) => pick(s).id));
  const chosen = new Map<string, CheckpointSummary>();
  for (const spec of specs) {
    const s = pick(spec);
    if (!excluded.has(s.id)) chosen.set(s.id, s);
  }
  if (!chosen.size) throw new UsageError('nothing left to synthesize after --exclude');
  const records = await Promise.all([...chosen.values()].map(async (s) => ({ s, record: await loadRecord(repo, s) })));
  const inputs: SynthesisInput[] = await Promise.all(records.map(async ({ s, record }) => ({
    record, commit: s.commit, ancestors: await ancestorsAmong(repo, listing, s, new Set(chosen.keys())),
  })));
  const plan = planSynthesis(inputs, { label, excluded: [...excluded].sort() });
  return {
    request: { layers: [plan.content], lineage: { kind: 'links', links: plan.parents }, carry: false },
    inputs: inputs.length,
    stats: plan.stats,
  };
}

/** The ids in `among` that `start` descends from, following record parents (bounded). */
async function ancestorsAmong(repo: Repo, listing: Listing, start: CheckpointSummary, among: Set<string>): Promise<Set<string>> {
  const { nodes } = await loadLineage(repo, listing, start, MAX_WALK);
  return new Set([...nodes.keys()].filter((id) => id !== start.id && among.has(id)));
}

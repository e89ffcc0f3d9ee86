/**
 * The lineage graph of `log` (SPEC §5): a checkpoint and its logical
 * predecessors (`parents` ids in each record), across every writer's chain,
 * own and fetched. Bounded: at most `limit` checkpoints are read.
 */
import type { Repo } from '../../git/repo.js';
import type { CheckpointSummary, Listing } from './types.js';
import { loadRecord } from './resolve.js';

export interface LineageNode {
  id: string;
  /** Null when the id is not in this clone (a chain not fetched, or pruned). */
  summary: CheckpointSummary | null;
  parents: string[];
}

/** Reads the nodes reachable from `start` through `parents`, breadth first, at most `limit`. */
export async function loadLineage(repo: Repo, listing: Listing, start: CheckpointSummary, limit: number): Promise<{ nodes: Map<string, LineageNode>; truncated: boolean }> {
  const byId = new Map(listing.checkpoints.map((c) => [c.id, c]));
  const nodes = new Map<string, LineageNode>();
  const queue = [start.id];
  let truncated = false;
  while (queue.length) {
    const id = queue.shift()!;
    if (nodes.has(id)) continue;
    if (nodes.size >= limit) {
      truncated = true;
      break;
    }
    const summary = byId.get(id) ?? null;
    const parents = summary ? (await loadRecord(repo, summary).catch(() => null))?.parents ?? [] : [];
    nodes.set(id, { id, summary, parents });
    queue.push(...parents);
  }
  return { nodes, truncated };
}

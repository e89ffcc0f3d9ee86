/** What `log --json` and the MCP `checkpoint_log` tool report of a lineage graph. */
import type { LineageNode } from '../checkpoint/listing/lineage-graph.js';

/** The lineage from `root`, one entry per checkpoint reached; `inClone: false` for ids this clone does not hold. */
export function lineageJson(root: string, nodes: Map<string, LineageNode>, truncated: boolean) {
  return {
    root,
    truncated,
    checkpoints: [...nodes.values()].map((n) => ({
      id: n.id, parents: n.parents, inClone: n.summary !== null,
      writer: n.summary?.writer ?? null, remote: n.summary?.remote ?? null, branch: n.summary?.branch ?? null,
      createdAt: n.summary?.createdAt ?? null, title: n.summary?.title ?? null, commit: n.summary?.commit ?? null,
    })),
  };
}

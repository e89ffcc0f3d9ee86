/** What `list` and the MCP `checkpoint_list` tool report of a listing. */
import type { CheckpointSummary } from '../checkpoint/listing/types.js';

/** One checkpoint as `list --json` shows it. */
export function summaryJson(c: CheckpointSummary) {
  return {
    id: c.id, createdAt: c.createdAt, branch: c.branch, writer: c.writer, label: c.label,
    title: c.title, status: c.status, commit: c.commit, remote: c.remote,
  };
}

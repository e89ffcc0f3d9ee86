/** What `list` and the MCP `checkpoint_list` tool select and report of a listing. */
import type { CheckpointSummary, Listing } from '../../checkpoint/listing.js';

export interface ListFilters {
  branch?: string | null | undefined;
  writer?: string | undefined;
  label?: string | undefined;
  since?: Date | null | undefined;
}

/** The listed checkpoints (newest first) that pass every filter given. */
export function filterCheckpoints(listing: Listing, f: ListFilters): CheckpointSummary[] {
  return listing.checkpoints.filter(
    (c) =>
      (f.branch === undefined || c.branch === f.branch) &&
      (f.writer === undefined || c.writer === f.writer) &&
      (f.label === undefined || c.label === f.label) &&
      (!f.since || Date.parse(c.createdAt) >= f.since.getTime()),
  );
}

/** One checkpoint as `list --json` shows it. */
export function summaryJson(c: CheckpointSummary) {
  return {
    id: c.id, createdAt: c.createdAt, branch: c.branch, writer: c.writer, label: c.label,
    title: c.title, status: c.status, commit: c.commit, remote: c.remote,
  };
}

/**
 * One decision recorded the moment it is made (the MCP `checkpoint_decide`
 * tool): a new checkpoint with the content of this writer's latest
 * checkpoint on the current branch and the decision added, saved through the
 * one save service (redaction, carry, lineage as for any save).
 */
import type { Repo } from '../../git/repo.js';
import { readWriter } from '../store/identity.js';
import { loadListing } from '../listing/listing.js';
import { loadRecord } from '../listing/resolve.js';
import type { SaveRequest } from './save.js';
import { contentKeys, type CheckpointContent, type CheckpointRecord } from '../record/schema.js';

export interface Decision {
  what: string;
  why: string;
}

/** The save request for one decision. Reads the writer's latest checkpoint on the branch; writes nothing. */
export async function decisionRequest(repo: Repo, decision: Decision): Promise<SaveRequest> {
  const base = await ownLatestOnBranch(repo);
  const content = base ? carriedContent(base) : {};
  return {
    layers: [content, { decisions: [...(content.decisions ?? []), { what: decision.what, why: decision.why }] }],
    lineage: { kind: 'default' },
  };
}

async function ownLatestOnBranch(repo: Repo): Promise<CheckpointRecord | null> {
  const [writer, branch] = await Promise.all([readWriter(repo), repo.headBranch()]);
  if (!writer) return null;
  const listing = await loadListing(repo, { local: true });
  const found = listing.checkpoints.find((c) => c.writer === writer && c.remote === null && c.branch === branch);
  return found ? loadRecord(repo, found) : null;
}

/**
 * The record's content less what belongs to that one checkpoint: its label
 * (a name for that checkpoint, not its successors) and the one-off
 * compaction flag.
 */
function carriedContent(record: CheckpointRecord): Partial<CheckpointContent> {
  const out: Record<string, unknown> = {};
  for (const key of contentKeys) out[key] = record[key];
  return { ...(out as Partial<CheckpointContent>), label: null, compactImminent: false };
}

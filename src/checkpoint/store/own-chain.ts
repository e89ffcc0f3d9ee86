/**
 * The own chain is the first-parent line of `refs/checkpoints/<writer>` made
 * of that writer's checkpoints only (SPEC §3). Every own-chain operation
 * (numbering, push counts, prune, drop, notes, doctor) reads it through here,
 * so a commit of another writer is never counted, dropped or rewritten as
 * one's own — even on a chain that an older version corrupted by making a
 * teammate's checkpoint the first parent of the writer's first one.
 */
import type { CommitInfo, ObjectId, Repo } from '../../git/repo.js';
import { parseMessage } from '../record/message.js';
import { chainRef } from './refs.js';

export interface OwnCommits {
  tip: ObjectId | null;
  /** The writer's checkpoint commits on the first-parent line, newest first. */
  commits: CommitInfo[];
  /** The first commit of another writer met on the first-parent line (a corrupted chain); null when none. */
  foreign: CommitInfo | null;
}

/** True when the commit's `Checkpoint-Writer` trailer names another writer. */
export function isForeign(commit: Pick<CommitInfo, 'message'>, writer: string): boolean {
  const named = parseMessage(commit.message).writer;
  return named !== null && named !== writer;
}

/** Walks the own chain from `tip` (default: the chain ref), stopping at another writer's commit. */
export async function readOwnCommits(repo: Repo, writer: string, tip?: ObjectId | null): Promise<OwnCommits> {
  const start = tip === undefined ? await repo.readRef(chainRef(writer)) : tip;
  if (!start) return { tip: null, commits: [], foreign: null };
  const walked = await repo.walkCommits([start], { firstParent: true });
  const end = walked.findIndex((c) => isForeign(c, writer));
  return { tip: start, commits: end < 0 ? walked : walked.slice(0, end), foreign: end < 0 ? null : walked[end]! };
}

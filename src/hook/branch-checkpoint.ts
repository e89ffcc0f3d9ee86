/**
 * The newest checkpoint saved on a branch, on any chain (own or fetched),
 * read from commit messages alone: git's own `log --grep` finds it, so a
 * repository with 10,000 checkpoints costs one subprocess and one commit read,
 * not a full listing. Good enough for a reminder; `list` and `resume` still
 * validate every record they show.
 */
import { parseMessage } from '../checkpoint/message.js';
import { CHAINS_PREFIX } from '../checkpoint/refs.js';
import { newestWithLine, type GitEnv } from '../git/admin.js';
import type { RepoInfo } from '../git/repo.js';

export interface BranchCheckpoint {
  title: string;
  writer: string;
  /** Commit time, seconds since the epoch (a checkpoint's commit date is its createdAt). */
  time: number;
}

/** Null when no checkpoint names `branch` in its Checkpoint-Branch trailer. */
export async function newestOnBranch(info: RepoInfo, env: GitEnv, branch: string): Promise<BranchCheckpoint | null> {
  const found = await newestWithLine(info, env, `${CHAINS_PREFIX}*`, `Checkpoint-Branch: ${branch}`);
  if (!found) return null;
  const facts = parseMessage(found.message);
  if (!facts.id || !facts.writer || facts.branch !== branch) return null;
  return { title: facts.title, writer: facts.writer, time: found.time };
}

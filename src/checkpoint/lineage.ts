/**
 * Lineage (SPEC §3, §5): the logical predecessors of a new checkpoint. The
 * worktree remembers the checkpoint it last saved or resumed, so the next
 * save continues that line even when it came from another writer's chain.
 */
import type { Repo } from '../git/repo.js';
import { parseMessage } from './message.js';
import { chainRef } from './refs.js';

const LAST_FILE = 'last';

export interface LineageLink {
  id: string;
  commit: string;
  writer: string;
}

/** Records the checkpoint this worktree continues from (after save and resume). */
export async function rememberLast(repo: Repo, link: LineageLink): Promise<void> {
  await repo.writeGitFile(LAST_FILE, `${JSON.stringify(link)}\n`, 'worktree');
}

/** The checkpoint this worktree continues from, or null. */
export async function readLast(repo: Repo): Promise<LineageLink | null> {
  const text = await repo.readGitFile(LAST_FILE, 'worktree');
  if (!text) return null;
  try {
    const data = JSON.parse(text) as Partial<LineageLink>;
    if (typeof data.id !== 'string' || typeof data.commit !== 'string' || typeof data.writer !== 'string') return null;
    if (!(await repo.readCommit(data.commit))) return null;
    return { id: data.id, commit: data.commit, writer: data.writer };
  } catch {
    return null;
  }
}

/**
 * The default predecessor: what this worktree last saved or resumed; else the
 * writer's own newest checkpoint when it was saved on the same branch.
 */
export async function defaultPredecessor(repo: Repo, writer: string | null, branch: string | null): Promise<LineageLink | null> {
  const last = await readLast(repo);
  if (last) return last;
  if (!writer) return null;
  const tip = await repo.readRef(chainRef(writer));
  if (!tip) return null;
  const commit = await repo.readCommit(tip);
  if (!commit) return null;
  const facts = parseMessage(commit.message);
  if (!facts.id || facts.branch !== branch) return null;
  return { id: facts.id, commit: tip, writer };
}

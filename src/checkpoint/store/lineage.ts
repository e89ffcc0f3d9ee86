/**
 * Lineage (SPEC §3, §5): the logical predecessors of a new checkpoint. The
 * worktree remembers the checkpoint it last saved or resumed, so the next
 * save continues that line even when it came from another writer's chain.
 */
import type { Repo } from '../../git/repo.js';
import { parseMessage } from '../record/message.js';
import { chainRef } from './refs.js';
import { nameMatches } from '../secrets/redacted-names.js';

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
 * The default predecessor: what this worktree last saved or resumed, when it
 * was on this branch; else the writer's own newest checkpoint when it was
 * saved on this branch; else what the worktree last saved or resumed (a
 * checkpoint continued on a new branch).
 */
export async function defaultPredecessor(repo: Repo, writer: string | null, branch: string | null): Promise<LineageLink | null> {
  let last = await readLast(repo);
  // An own checkpoint that drop or prune removed is no predecessor (its content must not come back);
  // one that a rewrite kept is found under its new commit.
  if (last && writer && last.writer === writer) last = await ownById(repo, writer, last.id, last.commit);
  const lastBranch = last ? await branchOf(repo, last.commit) : undefined;
  if (last && lastBranch !== undefined && nameMatches(lastBranch, branch)) return last;
  const own = writer ? await ownNewestOn(repo, writer, branch) : null;
  return own ?? last;
}

async function ownById(repo: Repo, writer: string, id: string, commit: string): Promise<LineageLink | null> {
  // The usual case, the chain's tip, costs no walk.
  if ((await repo.readRef(chainRef(writer))) === commit) return { id, commit, writer };
  const found = await searchOwn(repo, writer, (facts) => facts.id === id);
  return found ? { id, commit: found, writer } : null;
}

async function branchOf(repo: Repo, commit: string): Promise<string | null | undefined> {
  const info = await repo.readCommit(commit);
  return info ? parseMessage(info.message).branch : undefined;
}

/** How far back the own chain is searched for the newest checkpoint of a branch. */
const BRANCH_SEARCH = 200;

async function ownNewestOn(repo: Repo, writer: string, branch: string | null): Promise<LineageLink | null> {
  let id: string | null = null;
  const commit = await searchOwn(repo, writer, (facts) => {
    if (facts.id && nameMatches(facts.branch, branch)) id = facts.id;
    return id !== null;
  });
  return commit && id ? { id, commit, writer } : null;
}

/** The newest commit on the own chain (its first BRANCH_SEARCH) whose trailers pass `test`. */
async function searchOwn(repo: Repo, writer: string, test: (facts: ReturnType<typeof parseMessage>) => boolean): Promise<string | null> {
  const tip = await repo.readRef(chainRef(writer));
  if (!tip) return null;
  for (const commit of await repo.walkCommits([tip], { firstParent: true, limit: BRANCH_SEARCH })) {
    const facts = parseMessage(commit.message);
    if (facts.writer !== null && facts.writer !== writer) return null;
    if (test(facts)) return commit.oid;
  }
  return null;
}

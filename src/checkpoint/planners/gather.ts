/**
 * Gathers the git half of a record (SPEC §6). Failure-tolerant: a section
 * that fails is recorded in `notCollected` with the reason and the save goes on.
 */
import { isStaged } from '../../git/cli/porcelain.js';
import type { Repo, WorktreeStatus } from '../../git/repo.js';
import { recordableStatus } from '../record/safe-path.js';
import { MAX_PATHS, type GitState } from '../record/schema.js';

export const RECENT_COMMITS = 8;

export interface GatherOptions {
  /** Record for this branch instead of the current one (`save --branch`, after a switch). */
  branch?: string | undefined;
}

export interface Gathered {
  git: GitState;
  /** The raw status, for callers that need every path (the wip snapshot); nested repositories left out. */
  status: WorktreeStatus | null;
  /** Untracked nested repositories and worktrees (paths without the final `/`): recorded by name only. */
  nested: string[];
}

export const NESTED_REASON = 'nested repository' as const;

/** Reads branch, head, upstream, recent commits and the status; `addWorktree` then adds the dirty paths. */
export async function gatherGitState(repo: Repo, opts: GatherOptions = {}): Promise<Gathered> {
  const notCollected: GitState['notCollected'] = [];
  const [seen, commits, inProgress] = await Promise.all([
    repo.status().catch((err: Error) => {
      notCollected.push({ section: 'status', reason: err.message });
      return null;
    }),
    repo.recentCommits(RECENT_COMMITS).catch((err: Error) => {
      notCollected.push({ section: 'commits', reason: err.message });
      return [];
    }),
    repo.inProgress().catch((err: Error) => {
      notCollected.push({ section: 'inProgress', reason: err.message });
      return null;
    }),
  ]);
  const recordable = seen ? recordableStatus(seen) : null;
  const nested = recordable?.nested ?? [];
  const isNested = new Set(nested);
  const status = recordable ? { ...recordable.status, entries: recordable.status.entries.filter((e) => !isNested.has(e.path)) } : null;
  if (recordable?.leftOut.length) {
    const shown = recordable.leftOut.slice(0, 3).join(', ');
    notCollected.push({ section: 'worktree', reason: `left out ${recordable.leftOut.length} path(s) git reserves for its own directory: ${shown}` });
  }
  const git: GitState = {
    branch: status?.branch ?? null,
    head: status?.head ?? null,
    upstream: status?.upstream ?? null,
    ahead: status?.ahead ?? 0,
    behind: status?.behind ?? 0,
    commits,
    worktree: { collected: false, reason: 'status not collected', total: 0, truncated: false, files: [] },
    wip: null,
    notCollected,
    inProgress,
  };
  if (opts.branch !== undefined && opts.branch !== git.branch) await applyBranchOverride(repo, git, opts.branch);
  return { git, status, nested };
}

/** Adds every dirty path with its blob id (from `oids`, read once for the whole save) to `gathered.git`. */
export function addWorktree(gathered: Gathered, oids: ReadonlyMap<string, string | null>): void {
  if (gathered.status) gathered.git.worktree = describeWorktree(gathered.status, gathered.nested, oids);
}

async function applyBranchOverride(repo: Repo, git: GitState, branch: string): Promise<void> {
  git.branch = branch;
  git.head = (await repo.readRef(`refs/heads/${branch}`)) ?? git.head;
  git.upstream = null;
  git.ahead = 0;
  git.behind = 0;
}

function describeWorktree(status: WorktreeStatus, nested: string[], oids: ReadonlyMap<string, string | null>): GitState['worktree'] {
  const total = status.entries.length + nested.length;
  const entries = status.entries.slice(0, MAX_PATHS);
  return {
    collected: true,
    total,
    truncated: total > entries.length + Math.min(nested.length, MAX_PATHS - entries.length),
    files: [
      ...entries.map((e) => ({ path: e.path, status: e.xy, staged: isStaged(e), oid: oids.get(e.path) ?? null })),
      ...nested.slice(0, MAX_PATHS - entries.length).map((path) => ({ path, status: '??', staged: false, oid: null, withheld: NESTED_REASON })),
    ],
  };
}

/**
 * Which git operation is in progress in a worktree, from the marker files git
 * keeps in its git dir while it waits for the user (conflicts to resolve, a
 * bisect to finish): the state `git status` describes in prose.
 */
export const GIT_OPERATIONS = ['merge', 'rebase', 'am', 'cherry-pick', 'revert', 'bisect'] as const;
export type GitOperation = (typeof GIT_OPERATIONS)[number];

/**
 * The operation in progress; null when none. `exists(name)` tells whether
 * `<git dir>/<name>` exists. A rebase or am is named first (it may stop on a
 * cherry-pick of its own), then merge, cherry-pick, revert, and bisect last
 * (a merge inside a bisect is the one waiting).
 */
export async function readInProgress(exists: (name: string) => Promise<boolean>): Promise<GitOperation | null> {
  const [rebaseMerge, rebaseApply, applying, merge, pick, revert, bisect] = await Promise.all(
    ['rebase-merge', 'rebase-apply', 'rebase-apply/applying', 'MERGE_HEAD', 'CHERRY_PICK_HEAD', 'REVERT_HEAD', 'BISECT_LOG'].map(exists),
  );
  if (rebaseApply) return applying ? 'am' : 'rebase';
  if (rebaseMerge) return 'rebase';
  if (merge) return 'merge';
  if (pick) return 'cherry-pick';
  if (revert) return 'revert';
  return bisect ? 'bisect' : null;
}

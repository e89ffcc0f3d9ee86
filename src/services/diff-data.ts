/** What `diff` and the MCP `checkpoint_diff` tool report: commits on HEAD since a checkpoint, and the working tree against its wip. */
import type { CheckpointRecord } from '../checkpoint/record/schema.js';
import { noWipSentence, readWipState } from '../checkpoint/record/wip-state.js';
import type { Repo } from '../git/repo.js';
import { visibleMultiline } from '../text/sanitize.js';

const MAX_COMMITS = 100;

export interface DiffData {
  id: string;
  head: string | null;
  commits: { oid: string; subject: string }[];
  /** Why the commit list is partial or relative to another base; null when it is plain. */
  commitsNote: string | null;
  /** The patch of the working tree against the wip snapshot; null when there is none to compare with. */
  diff: string | null;
  /** Why `diff` is null: the snapshot was not taken, could not be written, or is not in this clone; null when there is one. */
  noWip: string | null;
}

/** Reads the differences since `record` (writes nothing). */
export async function loadDiff(repo: Repo, record: CheckpointRecord): Promise<DiffData> {
  const commits = await commitsSince(repo, record);
  const wip = await readWipState(repo, record);
  // The patch shows file content from a stored tree: made visible like every stored string (SPEC §9).
  const diff = wip.kind === 'saved' ? visibleMultiline(await repo.diffTreeToWorktree(wip.tree, wip.excluded.map((e) => e.path))) : null;
  return { id: record.id, head: record.git.head, commits: commits.list, commitsNote: commits.note, diff, noWip: noWipSentence(record.id, wip) };
}

async function commitsSince(repo: Repo, record: CheckpointRecord): Promise<{ list: { oid: string; subject: string }[]; note: string | null }> {
  const head = await repo.readRef('HEAD');
  const base = record.git.head;
  if (!head) return { list: [], note: 'HEAD is unborn' };
  if (base && !(await repo.readCommit(base))) return { list: [], note: `the checkpoint's commit ${base.slice(0, 7)} is not in this clone (git fetch)` };
  const walked = await repo.walkCommits([head], { exclude: base ? [base] : [], limit: MAX_COMMITS + 1 });
  const list = walked.slice(0, MAX_COMMITS).map((c) => ({ oid: c.oid, subject: c.message.split('\n', 1)[0] ?? '' }));
  let note: string | null = walked.length > MAX_COMMITS ? `(the newest ${MAX_COMMITS} shown)` : null;
  if (base && !(await repo.isAncestor(base, head))) note = `HEAD no longer contains ${base.slice(0, 7)} (history rewritten); commits since they parted:`;
  return { list, note };
}

/**
 * A cheap comparison of a checkpoint with the repository for the
 * session-start hook: branch, head and uncommitted paths, each with a verdict
 * in the words of SPEC §8. Drift = branch mismatch, head behind / diverged /
 * missing, or any unrecorded / changed path.
 */
import type { CheckpointRecord } from '../checkpoint/schema.js';
import type { Repo } from '../git/repo.js';

export interface Verdict {
  aspect: 'branch' | 'head' | 'worktree' | 'drift';
  verdict: string;
  detail?: string;
}

/** Verdicts for branch, head and worktree, then the overall drift line. */
export async function quickReconcile(repo: Repo, record: CheckpointRecord): Promise<Verdict[]> {
  const branch = await repo.headBranch();
  const out: Verdict[] = [
    branch === record.git.branch
      ? { aspect: 'branch', verdict: 'match' }
      : { aspect: 'branch', verdict: 'mismatch', detail: `on ${branch ?? '(detached)'}; git switch ${record.git.branch ?? '<branch>'}` },
    await headVerdict(repo, record.git.head),
    await worktreeVerdict(repo, record),
  ];
  const drift = out.some((v) => ['mismatch', 'missing', 'behind', 'diverged'].includes(v.verdict) || /\b(unrecorded|changed)\b/.test(v.detail ?? ''));
  out.push(drift
    ? { aspect: 'drift', verdict: 'yes', detail: 'stop and look before acting on this checkpoint: git checkpoint status' }
    : { aspect: 'drift', verdict: 'no' });
  return out;
}

async function headVerdict(repo: Repo, recorded: string | null): Promise<Verdict> {
  const current = await repo.readRef('HEAD');
  if (recorded === current) return { aspect: 'head', verdict: 'same' };
  if (recorded === null || current === null) return { aspect: 'head', verdict: 'diverged', detail: `now ${current ?? '(unborn)'}` };
  if (!(await repo.hasObject(recorded))) return { aspect: 'head', verdict: 'missing', detail: `${recorded.slice(0, 12)} is not in this clone; git fetch` };
  if (await repo.isAncestor(recorded, current)) {
    const recent = await repo.recentCommits(50);
    const at = recent.findIndex((c) => c.oid === recorded);
    return { aspect: 'head', verdict: 'ahead', detail: `${at < 0 ? 'over 50' : at} new commit(s)` };
  }
  if (await repo.isAncestor(current, recorded)) return { aspect: 'head', verdict: 'behind', detail: `checkpoint head ${recorded.slice(0, 12)}` };
  return { aspect: 'head', verdict: 'diverged', detail: 'history was rewritten since the checkpoint' };
}

async function worktreeVerdict(repo: Repo, record: CheckpointRecord): Promise<Verdict> {
  const status = await repo.status();
  const paths = status.entries.slice(0, 10_000).map((e) => e.path);
  const oids = await repo.hashWorktreeFiles(paths);
  const recorded = new Map(record.git.worktree.files.map((f) => [f.path, f.oid]));
  const counts = { unrecorded: 0, changed: 0, resolved: 0, absent: 0 };
  paths.forEach((p, i) => {
    if (!recorded.has(p)) counts.unrecorded++;
    else if (recorded.get(p) !== oids[i]) counts.changed++;
  });
  const now = new Set(paths);
  for (const p of recorded.keys()) if (!now.has(p)) counts[record.git.wip ? 'absent' : 'resolved']++;
  const parts = Object.entries(counts).filter(([, n]) => n > 0).map(([k, n]) => `${n} ${k}`);
  return { aspect: 'worktree', verdict: parts.length ? 'differs' : 'same', detail: parts.join(', ') };
}

/** The reconciliation of SPEC §8 as SESSION_RECAP/1 `RECONCILE` lines: what an agent reads after a compaction. */
import type { Reconcile } from '../checkpoint/planners/reconcile.js';

export interface RecapVerdict {
  aspect: string;
  verdict: string;
  detail?: string;
}

/** One line for branch, head and each kind of worktree difference, then the drift line. */
export function reconcileVerdicts(r: Reconcile): RecapVerdict[] {
  const out: RecapVerdict[] = [
    { aspect: 'branch', verdict: r.branch.verdict, ...(r.branch.fix ? { detail: r.branch.fix } : {}) },
    {
      aspect: 'head',
      verdict: r.head.verdict,
      ...(r.head.count || r.head.fix
        ? { detail: [r.head.count ? `${r.head.count}${r.head.countIsLowerBound ? '+' : ''} commit(s)` : '', r.head.fix ?? ''].filter(Boolean).join('; ') }
        : {}),
    },
  ];
  const kinds = ['unrecorded', 'changed', 'resolved', 'absent'] as const;
  for (const kind of kinds) {
    const paths = r.worktree[kind];
    if (paths.length) out.push({ aspect: 'worktree', verdict: kind, detail: `${paths.length}: ${paths.slice(0, 10).join(', ')}${paths.length > 10 ? ', …' : ''}` });
  }
  if (!kinds.some((k) => r.worktree[k].length)) out.push({ aspect: 'worktree', verdict: 'same' });
  out.push(
    r.drift
      ? { aspect: 'drift', verdict: 'yes', detail: 'stop and look before acting on this checkpoint: git checkpoint status' }
      : { aspect: 'drift', verdict: 'no' },
  );
  return out;
}

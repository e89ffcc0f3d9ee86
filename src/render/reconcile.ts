/**
 * The reconciliation report of SPEC §8, after the checkpoint in `resume` and
 * alone in `status`. Recorded paths, branch names and subjects are untrusted
 * (a teammate's chain) and go through `oneLine`.
 */
import type { PathVerdict, Reconcile } from '../checkpoint/planners/reconcile.js';
import { oneLine } from '../text/sanitize.js';

export interface ReconcileRenderOptions {
  color?: boolean;
  /** Paths listed per verdict before "… and N more". */
  maxPaths: number;
  /** Start with a `## Reconciliation` heading (after the markdown of `resume`). */
  heading?: boolean;
}

const VERDICT_TEXT: Record<PathVerdict, string> = {
  unrecorded: 'dirty now, not in the checkpoint',
  changed: 'dirty in both, content differs',
  resolved: 'recorded as uncommitted, now clean (committed)',
  absent: 'uncommitted in the checkpoint, not here',
};

/** Renders the report; ends with a newline, and with the drift warning when there is drift. */
export function renderReconcile(r: Reconcile, opts: ReconcileRenderOptions): string {
  const paint = (code: string) => (s: string) => (opts.color ? `\x1b[${code}m${s}\x1b[0m` : s);
  const [red, green, yellow, bold] = [paint('31'), paint('32'), paint('33'), paint('1')];
  const lines = opts.heading ? [bold('## Reconciliation'), ''] : [];
  const fix = (cmd: string | null) => (cmd ? [`    fix: ${oneLine(cmd, 300)}`] : []);
  const b = r.branch;
  const branchName = (name: string | null) => (name === null ? '(detached)' : `'${oneLine(name, 120)}'`);
  const branchText = b.verdict === 'match' ? `${green('match')} (${branchName(b.current)})`
    : b.verdict === 'mismatch' ? `${red('mismatch')}: checkpoint on ${branchName(b.recorded)}, you are on ${branchName(b.current)}`
      : `${red('missing')}: no local branch ${branchName(b.recorded)}` +
        (b.remotes.length ? `; the remote has it as ${b.remotes.map((n) => oneLine(n, 120)).join(', ')}` : '; no remote-tracking branch has it');
  lines.push(`- branch: ${branchText}`, ...fix(b.fix));
  if (b.unsafeName) lines.push(`    ${yellow('warning')}: no command printed: git would not take this branch name as it is (or it starts with '-')`);
  lines.push(`- head: ${headText(r, { red, green, yellow })}`, ...r.head.commits.map((c) => `    ${c.oid.slice(0, 7)} ${oneLine(c.subject, 100)}`), ...fix(r.head.fix));
  lines.push(...worktreeLines(r, opts, { red, green, yellow }));
  lines.push('');
  lines.push(r.drift
    ? red('drift: the repository no longer matches this checkpoint; stop and look (the fixes above) before acting on it.')
    : green(r.worktree.absent.length
      ? "no drift: nothing here contradicts this checkpoint, but its uncommitted work is not in this working tree."
      : 'no drift: the repository matches this checkpoint.'));
  return `${lines.join('\n')}\n`;
}

type Paint = Record<'red' | 'green' | 'yellow', (s: string) => string>;

function headText(r: Reconcile, p: Paint): string {
  const h = r.head;
  const n = `${h.count}${h.countIsLowerBound ? '+' : ''}`;
  const plural = (k: number) => (k === 1 ? 'commit' : 'commits');
  const rec = h.recorded ? h.recorded.slice(0, 7) : '(unborn)';
  switch (h.verdict) {
    case 'same': return `${p.green('same')} (${rec})`;
    case 'ahead': return `${p.yellow('ahead')}: ${n} new ${plural(h.count)} on HEAD since the checkpoint's ${rec}`;
    case 'behind': return `${p.red('behind')}: the checkpoint's ${rec} has ${n} ${plural(h.count)} that HEAD lacks`;
    case 'diverged': return `${p.red('diverged')}: HEAD no longer contains the checkpoint's ${rec} (rebase, amend or force-push); ${n} ${plural(h.count)} on HEAD since they parted`;
    case 'missing': return `${p.red('missing')}: the checkpoint's commit ${rec} is not in this clone`;
  }
}

function worktreeLines(r: Reconcile, opts: ReconcileRenderOptions, p: Paint): string[] {
  const w = r.worktree;
  const kinds = (['unrecorded', 'changed', 'absent', 'resolved'] as const).filter((k) => w[k].length);
  const color = { unrecorded: p.red, changed: p.red, absent: p.yellow, resolved: p.green };
  const summary = kinds.length ? kinds.map((k) => `${w[k].length} ${color[k](k)}`).join(', ') : p.green('matches the checkpoint');
  const lines = [`- worktree: ${summary}${w.notCompared ? ` (${w.notCompared} not compared: the record is incomplete)` : ''}`];
  for (const k of kinds) {
    lines.push(`    ${k} (${VERDICT_TEXT[k]}):`);
    for (const path of w[k].slice(0, opts.maxPaths)) lines.push(`      ${oneLine(path, 200)}`);
    if (w[k].length > opts.maxPaths) lines.push(`      … and ${w[k].length - opts.maxPaths} more`);
  }
  for (const cmd of w.fixes) lines.push(`    fix: ${oneLine(cmd, 300)}`);
  if (w.noSnapshot !== null) lines.push(`    apply cannot restore them: ${oneLine(w.noSnapshot, 300)}`);
  return lines;
}

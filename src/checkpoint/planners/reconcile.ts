/**
 * Reconciliation (SPEC §8): where the repository no longer matches a
 * checkpoint. Plan from data, as in changesets: `planReconcile` is pure and
 * works from `ReconcileFacts`; `reconcile-facts.ts` reads those from a Repo.
 */
import { branchWord } from '../../text/shell.js';
import { hasMarker, nameMatches } from '../secrets/redacted-names.js';
import { MAX_PATHS, type CheckpointRecord } from '../record/schema.js';
import { recordedWip, whyNoWip } from '../record/wip-state.js';

export type BranchVerdict = 'match' | 'mismatch' | 'missing';
export type HeadVerdict = 'same' | 'ahead' | 'behind' | 'diverged' | 'missing';
export type PathVerdict = 'unrecorded' | 'changed' | 'resolved' | 'absent';

export interface CommitLine {
  oid: string;
  subject: string;
}

/** What the repository looks like now, read by `gatherReconcileFacts`. */
export interface ReconcileFacts {
  currentBranch: string | null;
  currentHead: string | null;
  /** Whether refs/heads/<recorded branch> exists. */
  branchExists: boolean;
  /** The local branch the recorded name stands for (differs when the name was stored redacted). */
  localBranch?: string | null;
  /** Remote-tracking branches named like the recorded branch (`origin/feature`). */
  remoteBranches: string[];
  head: { relation: HeadVerdict; count: number; countIsLowerBound: boolean; commits: CommitLine[] };
  /** Every path dirty now (tracked changes and untracked, not ignored). */
  dirty: string[];
  /** Working-tree blob id of each compared path (null: missing); paths not hashed are absent. */
  hashes: Map<string, string | null>;
  /**
   * For a truncated record: the `wip` tree's blob id of dirty paths the record
   * does not list (null: not in the tree). Absent when not looked up.
   */
  wipBlobs: Map<string, string | null>;
  /** True when the record names a wip tree this clone does not hold (pushed without it, or lost). */
  wipTreeMissing?: boolean;
}

export interface Reconcile {
  branch: {
    verdict: BranchVerdict; recorded: string | null; current: string | null; remotes: string[]; fix: string | null;
    /** Set when a fix would be needed but the recorded name is not safe to put into a command (SPEC §9). */
    unsafeName: boolean;
  };
  head: {
    verdict: HeadVerdict; recorded: string | null; current: string | null;
    /** Commits on HEAD since the checkpoint (ahead, diverged) or missing from HEAD (behind). */
    count: number; countIsLowerBound: boolean; commits: CommitLine[]; fix: string | null;
  };
  worktree: {
    unrecorded: string[]; changed: string[]; resolved: string[]; absent: string[];
    /** Paths the record could not speak for (truncated record without a wip tree, or worktree not collected). */
    notCompared: number;
    fixes: string[];
    /** With `absent` paths: why apply cannot bring them back (no snapshot here, wip-state.ts, or it left them all out); null when it can. */
    noSnapshot: string | null;
  };
  drift: boolean;
}

const short = (oid: string | null) => (oid ? oid.slice(0, 7) : '(unborn)');

/** Works out every verdict and the command that fixes it. Pure. */
export function planReconcile(record: CheckpointRecord, facts: ReconcileFacts): Reconcile {
  const branch = planBranch(record, facts);
  const head = planHead(record, facts);
  const worktree = planWorktree(record, facts);
  const drift = branch.verdict !== 'match' || ['behind', 'diverged', 'missing'].includes(head.verdict) ||
    worktree.unrecorded.length > 0 || worktree.changed.length > 0;
  return { branch, head, worktree, drift };
}

function planBranch(record: CheckpointRecord, f: ReconcileFacts): Reconcile['branch'] {
  const recorded = record.git.branch;
  const base = { recorded, current: f.currentBranch, remotes: f.remoteBranches, unsafeName: false };
  if (nameMatches(recorded, f.currentBranch)) return { ...base, verdict: 'match', fix: null };
  if (recorded === null) return { ...base, verdict: 'mismatch', fix: `git switch --detach ${short(record.git.head)}` };
  const verdict = f.branchExists ? 'mismatch' : 'missing';
  // A redacted name cannot be typed: only a branch of this clone that it stands for can be named.
  if (hasMarker(recorded) && !f.localBranch) {
    const remote = f.remoteBranches[0];
    const word = remote ? branchWord(remote.slice(remote.indexOf('/') + 1)) : null;
    return { ...base, verdict, fix: word ? `git switch -- ${word}` : null };
  }
  // Branch names come from the record (maybe a teammate's): a name that could act as an option or
  // that git would refuse gets no command at all; the others are quoted and follow `--`.
  const name = branchWord(f.localBranch ?? recorded);
  const track = f.remoteBranches[0] !== undefined ? branchWord(f.remoteBranches[0]) : null;
  if (name === null || (f.remoteBranches.length > 1 && track === null)) return { ...base, verdict, fix: null, unsafeName: true };
  // `git switch <b>` creates the branch from the one remote-tracking branch of that name.
  const fix = f.branchExists || f.remoteBranches.length === 1 ? `git switch -- ${name}`
    : f.remoteBranches.length > 1 ? `git switch -c ${name} --track -- ${track}`
      : `git fetch && git switch -- ${name}`;
  return { ...base, verdict, fix };
}

function planHead(record: CheckpointRecord, f: ReconcileFacts): Reconcile['head'] {
  const h = record.git.head;
  const fixes: Record<HeadVerdict, string | null> = {
    same: null,
    ahead: null,
    behind: `git log --oneline HEAD..${short(h)}`,
    diverged: `git log --oneline --left-right ${short(h)}...HEAD`,
    missing: 'git fetch',
  };
  return {
    verdict: f.head.relation, recorded: h, current: f.currentHead, count: f.head.count,
    countIsLowerBound: f.head.countIsLowerBound, commits: f.head.commits, fix: fixes[f.head.relation],
  };
}

/** The verdict of one dirty-now or recorded path; null when it matches the checkpoint. */
function pathVerdict(recordedOid: string | null | undefined, isDirty: boolean, now: string | null): PathVerdict | null {
  if (recordedOid === undefined) return 'unrecorded';
  if (isDirty) return now === recordedOid ? null : 'changed';
  return now === recordedOid ? 'resolved' : 'absent';
}

/**
 * Facts with each dirty path that a redacted recorded path stands for
 * renamed to the recorded form (its hash moved along), so both compare.
 */
function aliasRedactedPaths(record: CheckpointRecord, f: ReconcileFacts): ReconcileFacts {
  const marked = record.git.worktree.files.map((file) => file.path).filter(hasMarker);
  if (!marked.length) return f;
  const alias = new Map<string, string>();
  for (const path of f.dirty) {
    const as = marked.find((m) => nameMatches(m, path));
    if (as) alias.set(path, as);
  }
  const hashes = new Map(f.hashes);
  for (const [path, as] of alias) hashes.set(as, f.hashes.get(path) ?? null);
  return { ...f, dirty: f.dirty.map((p) => alias.get(p) ?? p), hashes };
}

function planWorktree(record: CheckpointRecord, facts: ReconcileFacts): Reconcile['worktree'] {
  const f = aliasRedactedPaths(record, facts);
  const wt = record.git.worktree;
  const out: Reconcile['worktree'] = { unrecorded: [], changed: [], resolved: [], absent: [], notCompared: 0, fixes: [], noSnapshot: null };
  const recorded = new Map(wt.files.map((file) => [file.path, file.oid]));
  const excluded = new Set(record.git.wip?.excluded.map((e) => e.path) ?? []);
  const dirty = new Set(f.dirty);
  // A withheld blob id (a secret kept out, a nested repository) cannot be compared: dirty now is not
  // compared, clean now is resolved, gone is absent.
  const withheld = new Set(wt.files.filter((file) => file.withheld).map((file) => file.path));
  for (const path of [...new Set([...wt.files.map((file) => file.path), ...f.dirty])].sort()) {
    if (withheld.has(path)) {
      if (dirty.has(path)) out.notCompared++;
      else out[f.hashes.get(path) ? 'resolved' : 'absent'].push(path);
      continue;
    }
    let reference: string | null | undefined = recorded.get(path);
    if (reference === undefined && (wt.truncated || !wt.collected)) {
      // The record does not list every path: the wip tree (which holds them all) decides, if there is one.
      if (!f.wipBlobs.has(path) || excluded.has(path)) {
        out.notCompared++;
        continue;
      }
      // Not in the wip tree and present now: the checkpoint never had it.
      reference = f.wipBlobs.get(path) ?? (f.hashes.get(path) ? undefined : null);
    }
    const verdict = pathVerdict(reference, dirty.has(path), f.hashes.get(path) ?? null);
    if (verdict) out[verdict].push(path);
  }
  for (const key of ['unrecorded', 'changed', 'resolved', 'absent'] as const) out[key] = out[key].slice(0, MAX_PATHS);
  if (out.unrecorded.length || out.changed.length) out.fixes.push(`git checkpoint diff ${record.id}`);
  const kept = recordedWip(record);
  const snapshot = kept.kind === 'saved' && f.wipTreeMissing ? { kind: 'not-here' as const, tree: kept.tree } : kept;
  if (out.absent.length && snapshot.kind === 'saved') {
    // apply restores only what the snapshot holds: absent paths it left out (a secret, a pattern) are not offered.
    const leftOut = new Map([
      ...wt.files.filter((file) => file.withheld).map((file) => [file.path, file.withheld!] as const),
      ...(record.git.wip?.excluded ?? []).map((e) => [e.path, e.reason] as const),
    ]);
    if (out.absent.some((path) => !leftOut.has(path))) out.fixes.push(`git checkpoint apply ${record.id}`);
    else out.noSnapshot = leftOutOfSnapshot(out.absent.map((path) => leftOut.get(path)!));
  } else if (out.absent.length) out.noSnapshot = whyNoWip(snapshot);
  return out;
}

/** Why apply cannot restore absent paths the snapshot left out, by their reasons. */
function leftOutOfSnapshot(reasons: string[]): string {
  const them = reasons.length === 1 ? 'it' : 'them';
  return `the snapshot left ${them} out (${[...new Set(reasons)].join(', ')})`;
}

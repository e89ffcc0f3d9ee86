/** Reads what `planReconcile` needs from the repository: one status, bounded walks, one batch of hashes. */
import type { Repo, WorktreeStatus } from '../../git/repo.js';
import type { CommitLine, HeadVerdict, ReconcileFacts } from './reconcile.js';
import { recordableStatus } from '../record/safe-path.js';
import type { CheckpointRecord } from '../record/schema.js';
import { hasMarker, nameMatches } from '../secrets/redacted-names.js';

/** Commits listed per verdict, and how far a count goes before it is reported as "N or more". */
export const LISTED_COMMITS = 5;
export const COUNT_LIMIT = 1000;

/**
 * The working tree now, read before the checkpoint is known: the status, and
 * the blob ids of the dirty paths it lists, hashed as soon as it arrives —
 * while the checkpoint is still being found and read.
 */
export interface WorktreeNow {
  status: Promise<WorktreeStatus>;
  hashes: Promise<Map<string, string | null>>;
}

/** Starts reading the working tree (see WorktreeNow); failures surface where the parts are awaited. */
export function readWorktreeNow(repo: Repo): WorktreeNow {
  const status = repo.status();
  const hashes = status.then((s) => hashPaths(repo, dirtyPaths(s)));
  status.catch(() => {});
  hashes.catch(() => {});
  return { status, hashes };
}

/**
 * Gathers the facts for reconciling `record` with `repo`'s working tree.
 * `current` is the working tree the caller started reading already (before
 * it had the record); it is read here otherwise.
 */
export async function gatherReconcileFacts(repo: Repo, record: CheckpointRecord, current?: WorktreeNow): Promise<ReconcileFacts> {
  const recordedBranch = record.git.branch;
  // The branch facts need no status: they run while git status does.
  const branchFacts = Promise.all([
    recordedBranch === null ? null : findLocalBranch(repo, recordedBranch),
    recordedBranch === null ? [] : findRemoteBranches(repo, recordedBranch),
  ]);
  branchFacts.catch(() => {});
  const now = current ?? readWorktreeNow(repo);
  // What save could not record is not held against the checkpoint either.
  const { status } = recordableStatus(await now.status);
  const dirty = dirtyPaths(status);
  const recordedPaths = record.git.worktree.files.map((f) => f.path);
  const listed = new Set(recordedPaths);
  const unlisted = dirty.filter((p) => !listed.has(p));
  const wt = record.git.worktree;
  const wip = record.git.wip;
  const wipTreeMissing = wip !== null && !(await repo.hasObject(wip.tree));
  const [[localBranch, remoteBranches], head, hashes, wipBlobs] = await Promise.all([
    branchFacts,
    relateHeads(repo, record.git.head, status.head),
    now.hashes.then(async (known) => {
      const more = await hashPaths(repo, [...new Set(recordedPaths)].filter((p) => !known.has(p)));
      return new Map([...known, ...more]);
    }),
    wip && !wipTreeMissing && unlisted.length && (wt.truncated || !wt.collected)
      ? lookupBlobs(repo, wip.tree, unlisted)
      : new Map<string, string | null>(),
  ]);
  return {
    currentBranch: status.branch, currentHead: status.head, branchExists: localBranch !== null, localBranch, remoteBranches, head, dirty, hashes, wipBlobs,
    wipTreeMissing,
  };
}

/** The dirty paths of a status, once each; what save could not record left out. */
function dirtyPaths(seen: WorktreeStatus): string[] {
  return [...new Set(recordableStatus(seen).status.entries.map((e) => e.path))];
}

async function hashPaths(repo: Repo, paths: string[]): Promise<Map<string, string | null>> {
  if (!paths.length) return new Map();
  const oids = await repo.hashWorktreeFiles(paths);
  return new Map(paths.map((p, i) => [p, oids[i] ?? null]));
}

/** The local branch the recorded name stands for (a redacted name matches by its visible parts), or null. */
async function findLocalBranch(repo: Repo, branch: string): Promise<string | null> {
  if (!hasMarker(branch)) return (await repo.readRef(`refs/heads/${branch}`)) === null ? null : branch;
  const refs = await repo.listRefs('refs/heads/');
  return refs.map((r) => r.name.slice('refs/heads/'.length)).find((name) => nameMatches(branch, name)) ?? null;
}

async function findRemoteBranches(repo: Repo, branch: string): Promise<string[]> {
  const refs = await repo.listRefs('refs/remotes/');
  return refs.map((r) => r.name.slice('refs/remotes/'.length)).filter((name) => name.includes('/') && nameMatches(branch, name.slice(name.indexOf('/') + 1)));
}

/** How HEAD relates to the recorded head, with the commits that make the difference (bounded). */
async function relateHeads(repo: Repo, recorded: string | null, current: string | null): Promise<ReconcileFacts['head']> {
  const none = { count: 0, countIsLowerBound: false, commits: [] as CommitLine[] };
  if (recorded === current) return { relation: 'same', ...none };
  if (recorded !== null && !(await repo.readCommit(recorded))) return { relation: 'missing', ...none };
  if (current === null) return { relation: 'behind', ...(await between(repo, recorded!, null)) };
  if (recorded === null) return { relation: 'ahead', ...(await between(repo, current, null)) };
  const [isAhead, isBehind] = await Promise.all([repo.isAncestor(recorded, current), repo.isAncestor(current, recorded)]);
  const relation: HeadVerdict = isAhead ? 'ahead' : isBehind ? 'behind' : 'diverged';
  const [tip, base] = relation === 'behind' ? [recorded, current] : [current, recorded];
  return { relation, ...(await between(repo, tip, base)) };
}

/** Commits reachable from `tip` but not from `base`: a count up to COUNT_LIMIT and the newest few. */
async function between(repo: Repo, tip: string, base: string | null) {
  const commits = await repo.walkCommits([tip], { exclude: base ? [base] : [], limit: COUNT_LIMIT + 1 });
  return {
    count: Math.min(commits.length, COUNT_LIMIT),
    countIsLowerBound: commits.length > COUNT_LIMIT,
    commits: commits.slice(0, LISTED_COMMITS).map((c) => ({ oid: c.oid, subject: c.message.split('\n', 1)[0] ?? '' })),
  };
}

/**
 * The blob ids of `paths` inside `tree`, descending only into the directories
 * that hold one of them (a wip tree can hold a whole large working tree).
 */
export async function lookupBlobs(repo: Repo, tree: string, paths: string[]): Promise<Map<string, string | null>> {
  const found = new Map<string, string | null>(paths.map((p) => [p, null]));
  const walk = async (oid: string, prefix: string, wanted: string[]): Promise<void> => {
    const entries = (await repo.readTree(oid)) ?? [];
    const byName = new Map(entries.map((e) => [e.name, e]));
    const sub = new Map<string, string[]>();
    for (const rest of wanted) {
      const slash = rest.indexOf('/');
      if (slash < 0) {
        const e = byName.get(rest);
        if (e && e.type === 'blob') found.set(prefix + rest, e.oid);
      } else {
        const list = sub.get(rest.slice(0, slash)) ?? [];
        list.push(rest.slice(slash + 1));
        sub.set(rest.slice(0, slash), list);
      }
    }
    for (const [name, rests] of sub) {
      const e = byName.get(name);
      if (e?.type === 'tree') await walk(e.oid, `${prefix}${name}/`, rests);
    }
  };
  await walk(tree, '', paths);
  return found;
}

/**
 * The latest checkpoint of each branch as `latest` answers it (resolve.ts):
 * this clone's newest on the branch, else anyone's newest there — over the
 * chains every reader counts (writer-copies.ts: own chains, other writers'
 * fetched chains, and an own writer's fetched copy only when another copy
 * of the repository saved on it), so the reminder names what `list` shows
 * and `git checkpoint resume` resumes. Read from commit messages alone and
 * kept in a small index in the common git dir, keyed by the chain tips it
 * was built from. A hook that runs inside
 * every `git switch` then costs one `for-each-ref` when no chain moved, and a
 * walk of only the new commits when some did (a save, a fetch) — never the
 * full listing of 10,000 checkpoints. Good enough for a reminder; `list` and
 * `resume` still validate every record they show.
 */
import { oneLineTitle, parseMessage, TITLE_MAX } from '../record/message.js';
import { CHAINS_PREFIX, parseChainRef } from '../store/refs.js';
import type { CommitInfo, Repo } from '../../git/repo.js';
import { oneLine } from '../../text/sanitize.js';
import { findCollisions, visibleChains } from './writer-copies.js';

/** What the index is read from and kept in: a repository, or the hook's file reads of one. */
export type BranchIndexStore = Pick<Repo, 'listRefs' | 'readGitFile' | 'writeGitFile' | 'walkCommits'>;

export interface BranchCheckpoint {
  title: string;
  writer: string;
  /** Commit time, seconds since the epoch (a checkpoint's commit date is its createdAt). */
  time: number;
}

/**
 * Maps, never objects keyed by data: a branch called `__proto__` or
 * `constructor` is a branch like any other. Stored as arrays of pairs.
 */
export interface BranchIndex {
  /** Chain ref → tip the index was built from: every chain ref, counted or not (the index holds while none moves). */
  tips: Map<string, string>;
  /** The refs of `tips` whose commits are not counted: own writers' fetched copies that hold nothing of another copy. */
  hidden?: Set<string>;
  /** Each branch's newest checkpoint on any counted chain. */
  branches: Map<string, BranchCheckpoint>;
  /** Each branch's newest checkpoint on this clone's own chains: what `latest` takes first. */
  own?: Map<string, BranchCheckpoint>;
}

/** What `latest` names on each branch: the own newest, else anyone's (resolve.ts `latestOnBranch`). */
export function latestByBranch(index: Pick<BranchIndex, 'branches' | 'own'>): Map<string, BranchCheckpoint> {
  const out = new Map(index.branches);
  for (const [branch, c] of index.own ?? []) out.set(branch, c);
  return out;
}

const INDEX_FILE = 'branch-index.json';
/** When the last background build of the index started (ms since the epoch). */
const BUILD_FILE = 'branch-index.building';
/** One background build at a time; a build that failed or died is retried after this. */
const BUILD_CLAIM_MS = 2 * 60 * 1000;
/**
 * The new commits the hook reads itself (tens of milliseconds); past that, the
 * reminder answers from the newest ones and the index is built in the background.
 */
export const HOOK_WALK_LIMIT = 1000;
// Version 2: pairs instead of objects, titles and writers cut, branch count capped.
// Version 3: the own newest per branch, and the refs not counted.
const INDEX_VERSION = 3;
/** What one hostile chain can make every `git switch` read (SPEC §9): cut titles, bounded names and counts. */
const WRITER_MAX = 64;
const BRANCH_NAME_MAX = 1024;
const BRANCHES_MAX = 5000;

/** What the reminder knows: every branch's newest checkpoint, or (`partial`) those of the newest commits only. */
export interface BranchLatest {
  branches: Map<string, BranchCheckpoint>;
  /**
   * True when more new commits waited than `walkLimit` allowed: `branches`
   * then holds what the newest of them say, a branch missing from it is
   * unknown (not "none"), and nothing was written: the index is still to build.
   */
  partial: boolean;
}

/**
 * Branch name → its newest checkpoint, for every branch that has one (the
 * newest BRANCHES_MAX). With `walkLimit`, at most that many new commits are
 * read: a first run over 100,000 checkpoints, or a fetch that brought them,
 * then answers from the newest ones and leaves the index to a run without a
 * limit (`hook branch-index`, started in the background by the hook).
 */
export async function newestByBranch(repo: BranchIndexStore, walkLimit?: number): Promise<BranchLatest> {
  const [refs, cached] = await Promise.all([repo.listRefs(CHAINS_PREFIX), readIndex(repo)]);
  const tips = new Map(refs.map((r) => [r.name, r.oid]));
  if (cached && sameTips(cached.tips, tips)) {
    return { branches: latestByBranch(cached), partial: false };
  }
  const chains = refs.flatMap((r) => {
    const parsed = parseChainRef(r.name);
    return parsed ? [{ ...parsed, name: r.name, oid: r.oid }] : [];
  });
  // The chains `list` reads, and no others: one answer to "what is the latest on this branch".
  const counted = new Set(visibleChains(chains, await findCollisions(repo, chains)).map((r) => r.name));
  const hidden = new Set([...tips.keys()].filter((name) => !counted.has(name)));
  const local = new Set(chains.filter((r) => r.remote === null).map((r) => r.name));
  const base = cached && [...cached.tips.keys()].every((name) => tips.has(name)) ? cached : null;
  const next = { tips, hidden, local };
  const grown = (base && (await extend(repo, base, next, walkLimit))) ?? (await extend(repo, empty(), next, walkLimit))!;
  if (grown.partial) return { branches: latestByBranch(grown.index), partial: true };
  // A failed write only costs speed next time.
  await repo.writeGitFile(INDEX_FILE, serialize(grown.index), 'common').catch(() => {});
  return { branches: latestByBranch(grown.index), partial: false };
}

/** Claims the background build of the index: false when one started less than BUILD_CLAIM_MS ago or the claim cannot be written. */
export async function claimIndexBuild(repo: BranchIndexStore, now: number): Promise<boolean> {
  const at = Number(await repo.readGitFile(BUILD_FILE, 'common'));
  if (at > 0 && at <= now && now - at < BUILD_CLAIM_MS) return false;
  return repo.writeGitFile(BUILD_FILE, String(now), 'common').then(() => true, () => false);
}

/** `hook branch-index`: the index built with no limit; the claim is released once it is written. */
export async function buildIndex(repo: BranchIndexStore & Pick<Repo, 'deleteGitFile'>): Promise<void> {
  await newestByBranch(repo);
  await repo.deleteGitFile(BUILD_FILE, 'common').catch(() => {});
}

/**
 * After a save: the index takes the new checkpoint when it was built from the
 * chain's previous tip and the commit has no other parent (nothing else
 * became reachable), so the next switch needs no walk. Otherwise it is left
 * as it is, and the hook walks as usual; a failure only costs that walk.
 */
export async function indexSaved(
  repo: BranchIndexStore,
  saved: { ref: string; commit: string; parents: string[]; branch: string | null; title: string; writer: string; time: number },
): Promise<void> {
  const index = await readIndex(repo);
  if (!index || saved.parents.length > 1 || (index.tips.get(saved.ref) ?? null) !== (saved.parents[0] ?? null)) return;
  index.tips.set(saved.ref, saved.commit);
  const own = index.own ?? new Map<string, BranchCheckpoint>();
  if (saved.branch !== null && saved.branch.length <= BRANCH_NAME_MAX) {
    const entry = { title: oneLineTitle(saved.title.slice(0, 4 * TITLE_MAX)), writer: saved.writer.slice(0, WRITER_MAX), time: saved.time };
    index.branches.set(saved.branch, entry);
    own.set(saved.branch, entry);
  }
  const kept: BranchIndex = { tips: index.tips, hidden: index.hidden ?? new Set(), branches: newestOnly(index.branches), own: newestOnly(own) };
  await repo.writeGitFile(INDEX_FILE, serialize(kept), 'common').catch(() => {});
}

/** The refs of the index to come: every chain ref's tip, those not counted, and the own ones. */
interface NextRefs {
  tips: Map<string, string>;
  hidden: Set<string>;
  local: Set<string>;
}

/**
 * Adds the commits new since `base` on the counted chains; null when a
 * counted chain was rewritten (prune, drop) or stopped being counted, and the
 * index must be rebuilt. Past `limit` new commits the result is `partial`:
 * what the newest `limit` commits say, base left out (a branch's entry there
 * may have a newer one among the commits not read).
 */
async function extend(repo: BranchIndexStore, base: BranchIndex, next: NextRefs, limit?: number): Promise<{ index: BranchIndex; partial: boolean } | null> {
  const wasCounted = (name: string) => !base.hidden?.has(name);
  const counted = [...next.tips].filter(([name]) => !next.hidden.has(name));
  const old = [...base.tips].filter(([name]) => wasCounted(name)).map(([, oid]) => oid);
  const fresh = [...new Set(counted.map(([, oid]) => oid))].filter((oid) => !old.includes(oid));
  const commits = await walkNew(repo, fresh, old, limit === undefined ? undefined : limit + 1);
  const ownTips = counted.filter(([name]) => next.local.has(name)).map(([, oid]) => oid);
  if (limit !== undefined && commits.length > limit) {
    const newest = commits.slice(0, limit);
    const [any, own] = newestIn(newest, new Map(), new Map(), ownLine(newest, ownTips));
    return { index: { tips: next.tips, hidden: next.hidden, branches: newestOnly(any), own: newestOnly(own) }, partial: true };
  }
  const parents = new Set(commits.flatMap((c) => c.parents));
  const rewound = [...base.tips].some(([name, oid]) => wasCounted(name) && (next.hidden.has(name) || (next.tips.get(name) !== oid && !parents.has(oid))));
  if (rewound) return null;
  const [any, own] = newestIn(commits, base.branches, base.own ?? new Map(), ownLine(commits, ownTips));
  return { index: { tips: next.tips, hidden: next.hidden, branches: newestOnly(any), own: newestOnly(own) }, partial: false };
}

/** The walked commits on the own chains' first-parent lines (what `latest` counts as this clone's). */
function ownLine(commits: CommitInfo[], ownTips: string[]): Set<string> {
  const byOid = new Map(commits.map((c) => [c.oid, c]));
  const own = new Set<string>();
  for (const tip of ownTips) {
    for (let oid: string | undefined = tip; oid !== undefined && byOid.has(oid) && !own.has(oid); oid = byOid.get(oid)!.parents[0]) own.add(oid);
  }
  return own;
}

/** `known` and `knownOwn` with what `commits` (newest first) add: each branch's newest checkpoint, on any chain and on the own ones. */
function newestIn(
  commits: CommitInfo[], known: Map<string, BranchCheckpoint>, knownOwn: Map<string, BranchCheckpoint>, own: Set<string>,
): [Map<string, BranchCheckpoint>, Map<string, BranchCheckpoint>] {
  const branches = new Map(known);
  const ownBranches = new Map(knownOwn);
  // Commit times have one-second resolution: within this walk (newest first) the first one per
  // branch wins, and it also beats an indexed checkpoint of the same second, which is older.
  const touched = new Set<string>();
  const touchedOwn = new Set<string>();
  const take = (map: Map<string, BranchCheckpoint>, seen: Set<string>, branch: string, entry: BranchCheckpoint) => {
    const had = map.get(branch);
    if (!had || entry.time > had.time || (entry.time === had.time && !seen.has(branch))) map.set(branch, entry);
    seen.add(branch);
  };
  for (const c of commits) {
    const facts = parseMessage(c.message);
    if (!facts.id || !facts.writer || facts.branch === null || facts.branch.length > BRANCH_NAME_MAX) continue;
    const entry = { title: oneLineTitle(facts.title.slice(0, 4 * TITLE_MAX)), writer: facts.writer.slice(0, WRITER_MAX), time: c.committer.timestamp };
    take(branches, touched, facts.branch, entry);
    if (own.has(c.oid)) take(ownBranches, touchedOwn, facts.branch, entry);
  }
  return [branches, ownBranches];
}

/**
 * The commits reachable from `fresh` and not from `old` (the newest `limit`
 * when given), in one walk; when that fails (a history too large to read, a
 * missing object), chain by chain, leaving out the ones that fail: one
 * hostile chain costs its own reminders only, and its tip is indexed so it is
 * not read again.
 */
async function walkNew(repo: BranchIndexStore, fresh: string[], old: string[], limit?: number): Promise<CommitInfo[]> {
  if (!fresh.length) return [];
  const all = await repo.walkCommits(fresh, { exclude: old, limit }).catch(() => null);
  if (all) return all;
  const walks = await Promise.all(fresh.map((tip) => repo.walkCommits([tip], { exclude: old, limit }).catch(() => [])));
  const byOid = new Map(walks.flat().map((c) => [c.oid, c]));
  return [...byOid.values()].sort((a, b) => b.committer.timestamp - a.committer.timestamp).slice(0, limit);
}

function newestOnly(branches: Map<string, BranchCheckpoint>): Map<string, BranchCheckpoint> {
  if (branches.size <= BRANCHES_MAX) return branches;
  return new Map([...branches].sort((a, b) => b[1].time - a[1].time).slice(0, BRANCHES_MAX));
}

function empty(): BranchIndex {
  return { tips: new Map(), hidden: new Set(), branches: new Map(), own: new Map() };
}

function sameTips(a: Map<string, string>, b: Map<string, string>): boolean {
  return a.size === b.size && [...a].every(([k, v]) => b.get(k) === v);
}

function serialize(index: BranchIndex): string {
  return JSON.stringify({
    v: INDEX_VERSION, tips: [...index.tips], hidden: [...(index.hidden ?? [])], branches: [...index.branches], own: [...(index.own ?? [])],
  });
}

async function readIndex(repo: BranchIndexStore): Promise<BranchIndex | null> {
  const text = await repo.readGitFile(INDEX_FILE, 'common');
  if (!text) return null;
  try {
    const data = JSON.parse(text) as { v: number; tips: [string, string][]; hidden: string[]; branches: [string, BranchCheckpoint][]; own: [string, BranchCheckpoint][] };
    if (data.v !== INDEX_VERSION || ![data.tips, data.hidden, data.branches, data.own].every(Array.isArray)) return null;
    return { tips: new Map(data.tips), hidden: new Set(data.hidden), branches: new Map(data.branches), own: new Map(data.own) };
  } catch {
    return null;
  }
}

/** A checkpoint's title and writer as the reminder prints them: one line each, cut, safe to print. */
export function shownCheckpoint(c: BranchCheckpoint): { title: string; writer: string } {
  return { title: oneLine(c.title, 100), writer: oneLine(c.writer, 40) };
}

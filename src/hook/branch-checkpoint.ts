/**
 * The newest checkpoint saved on each branch, on any chain (own or fetched),
 * read from commit messages alone and kept in a small index in the common git
 * dir, keyed by the chain tips it was built from. A hook that runs inside
 * every `git switch` then costs one `for-each-ref` when no chain moved, and a
 * walk of only the new commits when some did (a save, a fetch) — never the
 * full listing of 10,000 checkpoints. Good enough for a reminder; `list` and
 * `resume` still validate every record they show.
 */
import { parseMessage } from '../checkpoint/message.js';
import { CHAINS_PREFIX } from '../checkpoint/refs.js';
import type { GitEnv } from '../git/admin.js';
import type { Repo } from '../git/repo.js';

export interface BranchCheckpoint {
  title: string;
  writer: string;
  /** Commit time, seconds since the epoch (a checkpoint's commit date is its createdAt). */
  time: number;
}

interface BranchIndex {
  v: number;
  /** Chain ref → tip the index was built from. */
  tips: Record<string, string>;
  branches: Record<string, BranchCheckpoint>;
}

const INDEX_FILE = 'branch-index.json';
const INDEX_VERSION = 1;

/** Branch name → its newest checkpoint, for every branch that has one. */
export async function newestByBranch(repo: Repo, env: GitEnv): Promise<Record<string, BranchCheckpoint>> {
  const [refs, cached] = await Promise.all([repo.listRefs(CHAINS_PREFIX), readIndex(repo)]);
  const tips = Object.fromEntries(refs.map((r) => [r.name, r.oid]));
  let index = cached && sameTips(cached.tips, tips) ? cached : null;
  if (!index) {
    const base = cached && Object.keys(cached.tips).every((name) => name in tips) ? cached : null;
    index = (base && (await extend(repo, env, base, tips))) ?? (await extend(repo, env, empty(), tips))!;
    // A failed write only costs speed next time.
    await repo.writeGitFile(INDEX_FILE, JSON.stringify(index), 'common').catch(() => {});
  }
  return index.branches;
}

/** Adds the commits new since `base`; null when a chain was rewritten (prune, drop) and the index must be rebuilt. */
async function extend(repo: Repo, env: GitEnv, base: BranchIndex, tips: Record<string, string>): Promise<BranchIndex | null> {
  const old = Object.values(base.tips);
  const fresh = [...new Set(Object.values(tips))].filter((oid) => !old.includes(oid));
  const commits = fresh.length ? await repo.walkCommits(fresh, { exclude: old }) : [];
  const parents = new Set(commits.flatMap((c) => c.parents));
  const rewound = Object.entries(base.tips).some(([name, oid]) => tips[name] !== oid && !parents.has(oid));
  if (rewound) return null;
  const branches = { ...base.branches };
  // Commit times have one-second resolution: within this walk (newest first) the first one per
  // branch wins, and it also beats an indexed checkpoint of the same second, which is older.
  const touched = new Set<string>();
  for (const c of commits) {
    const facts = parseMessage(c.message);
    if (!facts.id || !facts.writer || facts.branch === null) continue;
    const seen = branches[facts.branch];
    const time = c.committer.timestamp;
    const newer = !seen || time > seen.time || (time === seen.time && !touched.has(facts.branch));
    touched.add(facts.branch);
    if (newer) branches[facts.branch] = { title: facts.title, writer: facts.writer, time };
  }
  return { v: INDEX_VERSION, tips, branches };
}

function empty(): BranchIndex {
  return { v: INDEX_VERSION, tips: {}, branches: {} };
}

function sameTips(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

async function readIndex(repo: Repo): Promise<BranchIndex | null> {
  const text = await repo.readGitFile(INDEX_FILE, 'common');
  if (!text) return null;
  try {
    const data = JSON.parse(text) as BranchIndex;
    return data.v === INDEX_VERSION && typeof data.tips === 'object' && typeof data.branches === 'object' ? data : null;
  } catch {
    return null;
  }
}

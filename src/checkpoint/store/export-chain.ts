/**
 * `checkpoint.autoPush=nowip`: the own chain as sent without uncommitted
 * files. Each own checkpoint commit has a twin with the same record, message,
 * author and dates but no `wip` entry in its tree, on a first-parent line of
 * twins; that line is what goes to the remote under the chain's name. Twins
 * are deterministic, and the pairs already made are kept in a git-dir file,
 * so each push strips only the checkpoints saved since.
 *
 * The records still name their wip tree; a clone that received a twin finds
 * no such tree, which `apply` and `diff` report as a snapshot not available.
 */
import type { CommitInfo, ObjectId, Repo } from '../../git/repo.js';
import { readOwnCommits } from './own-chain.js';

const MAP_FILE = 'nowip-map';

/** The twin of the own chain's `tip` (written when missing); null when there is no own checkpoint. */
export async function strippedTip(repo: Repo, writer: string, tip: ObjectId): Promise<ObjectId | null> {
  const map = await readMap(repo);
  const { commits } = await readOwnCommits(repo, writer, tip);
  if (!commits.length) return null;
  // A pair is trusted only while its twin is on the kept line (a twin git collected is made again).
  const kept = await repo.readRef(nowipRef(writer));
  const onLine = async (twin: ObjectId) => kept !== null && (twin === kept || ((await repo.hasObject(twin)) && (await repo.isAncestor(twin, kept))));
  let known = commits.findIndex((c) => map.has(c.oid));
  if (known >= 0 && !(await onLine(map.get(commits[known]!.oid)!))) known = -1;
  const todo = (known < 0 ? commits : commits.slice(0, known)).reverse();
  let prev = known < 0 ? null : map.get(commits[known]!.oid)!;
  const own = new Set(commits.map((c) => c.oid));
  const added: string[] = [];
  for (const c of todo) {
    prev = await writeTwin(repo, c, prev, own);
    added.push(`${c.oid} ${prev}\n`);
  }
  // The twin line is kept under its own ref (outside refs/checkpoints/: never listed, fetched or pushed
  // by name), so gc keeps it and the next push strips only what is new.
  if (prev && prev !== kept) await repo.updateRef(nowipRef(writer), prev, kept, 'checkpoint: nowip twins').catch(() => false);
  if (added.length) {
    // Only a cache: losing it means stripping again, to the same commits.
    await repo.writeGitFile(MAP_FILE, [...[...map].map(([a, b]) => `${a} ${b}\n`), ...added].join(''), 'common').catch(() => {});
  }
  return prev;
}

/** The original own checkpoint commit of `twin`, when it is one this clone made; null otherwise. */
export async function originalOf(repo: Repo, twin: ObjectId): Promise<ObjectId | null> {
  for (const [original, made] of await readMap(repo)) if (made === twin) return original;
  return null;
}

export function nowipRef(writer: string): string {
  return `refs/checkpoint-nowip/${writer}`;
}

async function writeTwin(repo: Repo, c: CommitInfo, prevTwin: ObjectId | null, own: Set<ObjectId>): Promise<ObjectId> {
  const entries = ((await repo.readTree(c.tree)) ?? []).filter((e) => e.name !== 'wip');
  const tree = await repo.writeTree(entries);
  const lineage = c.parents.filter((p) => !own.has(p));
  const parents = [...(prevTwin ? [prevTwin] : []), ...lineage];
  return repo.writeCommit({ tree, parents, author: c.author, committer: c.committer, message: c.message });
}

async function readMap(repo: Repo): Promise<Map<ObjectId, ObjectId>> {
  const text = (await repo.readGitFile(MAP_FILE, 'common').catch(() => null)) ?? '';
  const map = new Map<ObjectId, ObjectId>();
  for (const line of text.split('\n')) {
    const [from, to] = line.split(' ');
    if (from && to && /^[0-9a-f]{40,64}$/.test(to)) map.set(from, to);
  }
  return map;
}

/**
 * `fetch` (SPEC §3, §5): everyone's chains and notes into the remote's own
 * namespace, never onto local refs, so no fetch can rewind or delete an
 * unpushed local checkpoint. Then it counts what arrived, per writer.
 */
import { OperationError } from '../errors.js';
import { limiter } from '../io/concurrency.js';
import type { ObjectId, RefRecord, Repo } from '../git/repo.js';
import { parseMessage } from './message.js';
import { CHAINS_PREFIX, fetchRefspecs, parseChainRef, remoteChainPrefix } from './refs.js';
import { fetchWriterByWriter, type WriterFailure } from './fetch-by-writer.js';
import { dropOwnNotesCopies, gitComplaint } from './remote.js';

export interface FetchReport {
  remote: string;
  /** New checkpoints per writer, most first. */
  arrived: { writer: string; count: number }[];
  /** Writers whose chain on the remote was rewritten (prune/drop) since the last fetch. */
  rewritten: string[];
  /** Writers whose chain could not be fetched (the others were), with git's reason. */
  failed: WriterFailure[];
}

/**
 * Fetches checkpoints from `remote` (a configured remote name) for this
 * clone's writer (null before its first save). OperationError when git fails.
 * `knownBefore`: the chain refs listed before the fetch, when the caller
 * already started listing them.
 */
export async function fetchCheckpoints(
  repo: Repo,
  remote: string,
  writer: string | null,
  knownBefore?: Promise<RefRecord[]>,
): Promise<FetchReport> {
  const knownRefs = await (knownBefore ?? repo.listRefs(CHAINS_PREFIX));
  const prefix = remoteChainPrefix(remote);
  const before = new Map(knownRefs.filter((r) => r.name.startsWith(prefix)).map((r) => [r.name, r.oid]));
  const res = await repo.fetchRefs(remote, fetchRefspecs(remote, writer));
  const failed = res.ok ? [] : await fetchWriterByWriter(repo, remote, writer);
  if (!failed) {
    throw new OperationError(`could not fetch checkpoints from '${remote}': ${gitComplaint(res.stderr)}`, {
      hint: `check the remote with: git ls-remote -- ${remote} 'refs/checkpoints/*'`,
    });
  }
  // A leftover copy of the own notes goes while the fetched chains are listed.
  const [after] = await Promise.all([repo.listRefs(prefix), writer ? dropOwnNotesCopies(repo, writer) : null]);
  const moved = after.flatMap((r) => {
    const parsed = before.get(r.name) !== r.oid ? parseChainRef(r.name) : null;
    return parsed ? [{ ...r, writer: parsed.writer, old: before.get(r.name) ?? null }] : [];
  });
  const known = [...new Set(knownRefs.map((r) => r.oid))];
  const limit = limiter(ANCESTRY_CHECKS);
  const counted = await Promise.all(moved.map(async (ref) => {
    const rewritten = ref.old !== null && !(await movedForward(repo, limit, ref.old, ref.oid));
    const count = rewritten
      ? await limit(() => countRewritten(repo, ref.old!, ref.oid))
      : (await countBySeq(repo, ref, knownRefs)) ??
        // The chain's commits this clone did not have: one walk of the new part.
        (await limit(() => repo.countCommits([ref.oid], { firstParent: true, exclude: known })));
    return { writer: ref.writer, count, rewritten };
  }));
  const counts = new Map<string, number>();
  for (const c of counted) if (c.count) counts.set(c.writer, (counts.get(c.writer) ?? 0) + c.count);
  const rewritten = counted.filter((c) => c.rewritten).map((c) => c.writer);
  const arrived = [...counts].map(([writer, count]) => ({ writer, count })).sort((a, b) => b.count - a.count || a.writer.localeCompare(b.writer));
  return { remote, arrived, rewritten: rewritten.sort(), failed };
}

/** First-parent steps looked at before git is asked: a fetch brings a few checkpoints per chain. */
const NEAR_STEPS = 64;
/** git processes at once for the chains the trailers and object reads cannot answer for. */
const ANCESTRY_CHECKS = 8;

/**
 * Whether `tip` descends from `old`. A chain moves along its first parents:
 * `old` among the first NEAR_STEPS of them answers yes from object reads
 * (the running cat-file, no process), so 1,000 chains that moved start no
 * 1,000 processes; anything else is git's `merge-base --is-ancestor`, a few at a time.
 */
async function movedForward(repo: Repo, limit: ReturnType<typeof limiter>, old: ObjectId, tip: ObjectId): Promise<boolean> {
  let at: ObjectId | undefined = tip;
  for (let step = 0; at && step < NEAR_STEPS; step++) {
    if (at === old) return true;
    at = (await repo.readCommit(at))?.parents[0];
  }
  return limit(() => repo.isAncestor(old, tip));
}

/**
 * How many checkpoints a chain that moved forward brought, from the
 * `Checkpoint-Seq` trailers of its old and new tips, without walking the
 * chain. Null when that cannot be trusted and the chain must be walked: no
 * trailer (a chain written before there were any), or the same writer's
 * chain is also held under another name (the own chain, another remote), so
 * some of the new part may be known already. The numbers come from the
 * writer's side and shape nothing but this count: a chain that lies about
 * them is miscounted, never lost or hidden.
 */
async function countBySeq(
  repo: Repo,
  ref: { name: string; oid: ObjectId; writer: string; old: ObjectId | null },
  knownRefs: RefRecord[],
): Promise<number | null> {
  if (knownRefs.some((r) => r.name !== ref.name && parseChainRef(r.name)?.writer === ref.writer)) return null;
  const seqOf = async (oid: ObjectId) => {
    const commit = await repo.readCommit(oid);
    return commit ? parseMessage(commit.message).seq : null;
  };
  const [tip, old] = await Promise.all([seqOf(ref.oid), ref.old ? seqOf(ref.old) : 0]);
  // A chain that moved forward brought at least one: anything else is a number not to believe.
  return tip !== null && old !== null && tip > old ? tip - old : null;
}

/** A rewritten chain brings new commits for old checkpoints: only ids it did not hold before count. */
async function countRewritten(repo: Repo, old: ObjectId, tip: ObjectId): Promise<number> {
  const ids = async (at: ObjectId) =>
    (await repo.walkCommits([at], { firstParent: true })).map((c) => parseMessage(c.message).id).filter((id) => id !== null);
  const had = new Set(await ids(old));
  return (await ids(tip)).filter((id) => !had.has(id)).length;
}

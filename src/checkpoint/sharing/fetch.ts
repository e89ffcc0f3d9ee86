/**
 * `fetch` (SPEC §3, §5): everyone's chains and notes into the remote's own
 * namespace, never onto local refs, so no fetch can rewind or delete an
 * unpushed local checkpoint. Then it counts what arrived, per writer.
 */
import { OperationError } from '../../errors.js';
import { limiter } from '../../io/concurrency.js';
import type { ObjectId, RefRecord, RefTip, Repo } from '../../git/repo.js';
import { parseMessage } from '../record/message.js';
import { CHAINS_PREFIX, fetchRefspecs, parseChainRef, remoteChainPrefix } from '../store/refs.js';
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
  // The chains under the remote's namespace now, each with its tip's parents (one git process,
  // while a leftover copy of the own notes goes); a listing without parents if git cannot read a tip.
  const [after] = await Promise.all([
    repo.listRefTips(prefix).catch(async () => (await repo.listRefs(prefix)).map((r) => ({ ...r, parents: [] }))),
    writer ? dropOwnNotesCopies(repo, writer) : null,
  ]);
  const moved = after.flatMap((r) => {
    const parsed = before.get(r.name) !== r.oid ? parseChainRef(r.name) : null;
    return parsed ? [{ ...r, writer: parsed.writer, old: before.get(r.name) ?? null }] : [];
  });
  const counted = await countArrivals(repo, moved, [...new Set(knownRefs.map((r) => r.oid))], writer);
  const counts = new Map<string, number>();
  for (const c of counted) if (c.count) counts.set(c.writer, (counts.get(c.writer) ?? 0) + c.count);
  const rewritten = counted.filter((c) => c.rewritten).map((c) => c.writer);
  // Writers with as many in code-unit order (git's byte order for any name without astral characters):
  // localeCompare would build a collator first, some 10 ms of a fetch.
  const arrived = [...counts].map(([writer, count]) => ({ writer, count })).sort((a, b) => b.count - a.count || (a.writer < b.writer ? -1 : a.writer > b.writer ? 1 : 0));
  return { remote, arrived, rewritten: rewritten.sort(), failed };
}

/** git processes at once for the chains the one walk cannot answer for (rewritten, or reached through another chain). */
const ANCESTRY_CHECKS = 8;

type MovedRef = RefTip & { writer: string; old: ObjectId | null };
interface Counted { writer: string; count: number; rewritten: boolean }

/**
 * How many checkpoints each moved chain brought, and which were rewritten.
 * A chain one checkpoint ahead (its new tip, a commit this clone held under
 * no name, has the old tip as its first parent) brought one: no walk. The
 * others take one walk (`links`: `rev-list --parents`) of the commits this
 * clone did not have, from their tips at once: a chain whose new first-parent
 * line ends at its old tip moved forward by that many commits. Nothing the
 * chain says about itself (its trailers) is believed. Only a chain whose line
 * ends elsewhere (rewritten, or run into a chain held under another name)
 * costs a git process of its own, a few at a time; so does every chain when
 * the walk fails. The own chain always takes the walk: its commits come back
 * from the remote after a push, and are not new. A single new teammate's
 * chain whose tip has a parent is only counted (`rev-list --count`): the walk
 * of one line says no more.
 */
async function countArrivals(repo: Repo, moved: MovedRef[], known: ObjectId[], own: string | null): Promise<Counted[]> {
  const held = new Set(known);
  const stepped: Counted[] = [];
  const walked: MovedRef[] = [];
  for (const ref of moved) {
    if (ref.old !== null && ref.parents[0] === ref.old && ref.writer !== own && !held.has(ref.oid)) stepped.push({ writer: ref.writer, count: 1, rewritten: false });
    else walked.push(ref);
  }
  if (!walked.length) return stepped;
  // git's count of a tip's new first-parent line, what the clone did not hold left out.
  const lineLength = (tip: ObjectId) => repo.countCommits([tip], { firstParent: true, exclude: known });
  const [only] = walked;
  // One new teammate's chain (a first fetch of it) whose tip is a commit with a parent (the
  // listing gives a tag or a blob none): its new line is all git's walk would print, so git
  // counts it, and node reads no line of it (5,000 lines are some 20 ms of parsing and collecting).
  if (walked.length === 1 && only!.old === null && only!.parents.length > 0 && only!.writer !== own) {
    return stepped.concat({ writer: only!.writer, count: await lineLength(only!.oid), rewritten: false });
  }
  const links = await repo.walkLinks(walked.map((ref) => ref.oid), { firstParent: true, exclude: known }).catch(() => null);
  const parentOf = new Map(links?.map((c) => [c.oid, c.parents[0] ?? null]));
  const limit = limiter(ANCESTRY_CHECKS);
  return stepped.concat(await Promise.all(walked.map(async (ref) => {
    const line = links ? newLine(parentOf, ref.oid) : null;
    if (line && (ref.old === null || line.end === ref.old)) return { writer: ref.writer, count: line.count, rewritten: false };
    const rewritten = ref.old !== null && !(await limit(() => repo.isAncestor(ref.old!, ref.oid)));
    const count = rewritten
      ? await limit(() => countRewritten(repo, ref.old!, ref.oid))
      : (line?.count ?? (await limit(() => lineLength(ref.oid))));
    return { writer: ref.writer, count, rewritten };
  })));
}

/** The new commits on `tip`'s first-parent line, and the first commit below them (null: the line's root is new). */
function newLine(parentOf: Map<ObjectId, ObjectId | null>, tip: ObjectId): { count: number; end: ObjectId | null } {
  let count = 0;
  let at: ObjectId | null = tip;
  // Bounded by the walk's size: a cycle cannot be stored, but the loop must not trust that.
  while (at !== null && parentOf.has(at) && count <= parentOf.size) {
    count++;
    at = parentOf.get(at)!;
  }
  return { count, end: at };
}

/** A rewritten chain brings new commits for old checkpoints: only ids it did not hold before count. */
async function countRewritten(repo: Repo, old: ObjectId, tip: ObjectId): Promise<number> {
  const ids = async (at: ObjectId) =>
    (await repo.walkCommits([at], { firstParent: true })).map((c) => parseMessage(c.message).id).filter((id) => id !== null);
  const had = new Set(await ids(old));
  return (await ids(tip)).filter((id) => !had.has(id)).length;
}

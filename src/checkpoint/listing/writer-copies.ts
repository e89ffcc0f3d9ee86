/**
 * Which chains count, for every reader (the listing, `latest`, the
 * post-checkout reminder): the clone's own chains, every fetched chain of
 * another writer, and — only when it holds checkpoints this clone did not
 * save — the fetched copy of an own writer's chain.
 *
 * The fetched copy of the own chain (`refs/checkpoints/remotes/<r>/<w>`) is
 * normally a past state of the own chain: behind it (a save since the last
 * push), or holding what prune and drop removed here and did not push yet,
 * or the same checkpoints without their wip trees (checkpoint.autoPush=nowip).
 * The own chain is authoritative then, and the copy is not read. But two
 * copies of one repository (`cp -a`, a restored backup, a VM snapshot, a CI
 * cache of `.git`) share a writer id: each saves on its own line of the same
 * chain, and the copy fetched from the remote then holds the other line.
 * That is a *writer collision*: the copy is read too, so both lines of work
 * show, and push, fetch, list and doctor say so (`doctor --fix` gives this
 * copy a new writer id: writer-move.ts).
 *
 * Telling the two apart costs a walk of the copy's first-parent line down
 * to what the own chain, the rewritten tips and the nowip twins reach (empty
 * in the normal case), and only when the copy's tip is not the own tip; the
 * answer is kept per pair of tips (`writer-copies` in the common git dir):
 * objects do not change, so it never goes stale.
 */
import type { CommitInfo, ObjectId, Repo, WalkOptions } from '../../git/repo.js';
import { parseMessage } from '../record/message.js';
import { chainRef, parseChainRef, type ChainRefName } from '../store/refs.js';

/** What the verdict needs: the hook's file-reading store, or a Repo. */
export type CopyStore = Pick<Repo, 'listRefs' | 'readGitFile' | 'writeGitFile'> & {
  walkCommits(tips: ObjectId[], opts?: WalkOptions): Promise<CommitInfo[]>;
};

export interface ChainTip extends ChainRefName {
  name: string;
  oid: ObjectId;
}

/** A fetched copy of an own writer's chain that holds checkpoints this clone did not save. */
export interface WriterCollision {
  writer: string;
  remote: string;
  /** The copy's ref (`refs/checkpoints/remotes/<remote>/<writer>`). */
  ref: string;
  /** Checkpoints on the copy that this clone did not save (counted up to COUNT_MAX; `more` past it). */
  theirs: number;
  more: boolean;
}

const FILE = 'writer-copies';
/** Checkpoints of the other line counted before the count stops (a hostile copy can be long). */
const COUNT_MAX = 1000;
const TWIN_PREFIX = 'refs/checkpoint-nowip/';

/** The fetched copies of own writers' chains that collide; reads the kept verdicts, walks only for a new pair of tips. */
export async function findCollisions(store: CopyStore, refs: readonly ChainTip[]): Promise<WriterCollision[]> {
  const own = new Map(refs.filter((r) => r.remote === null).map((r) => [r.writer, r.oid]));
  const copies = refs.filter((r) => r.remote !== null && own.has(r.writer) && own.get(r.writer) !== r.oid);
  if (!copies.length) return [];
  const kept = await readVerdicts(store);
  const found: WriterCollision[] = [];
  let changed = false;
  for (const copy of copies) {
    const key = `${copy.oid} ${own.get(copy.writer)!}`;
    let verdict = kept.get(key);
    if (verdict === undefined) {
      verdict = await countTheirs(store, copy.writer, own.get(copy.writer)!, copy.oid);
      kept.set(key, verdict);
      changed = true;
    }
    if (verdict > 0) found.push({ writer: copy.writer, remote: copy.remote!, ref: copy.name, theirs: Math.min(verdict, COUNT_MAX), more: verdict > COUNT_MAX });
  }
  // Only the pairs of the refs as they are now: the file stays as small as the number of copies.
  if (changed) await writeVerdicts(store, new Map(copies.map((c) => `${c.oid} ${own.get(c.writer)!}`).map((k) => [k, kept.get(k)!]))).catch(() => {});
  return found;
}

/** The chains to read: own, other writers' fetched chains, and the fetched copies that collide. `local`: own only. */
export function visibleChains<T extends ChainRefName & { name: string }>(refs: readonly T[], collisions: readonly Pick<WriterCollision, 'ref'>[], local = false): T[] {
  const localWriters = new Set(refs.filter((r) => r.remote === null).map((r) => r.writer));
  const colliding = new Set(collisions.map((c) => c.ref));
  // Own chains first: a commit on both an own and a fetched chain is read as the own one.
  return [
    ...refs.filter((r) => r.remote === null),
    ...(local ? [] : refs.filter((r) => r.remote !== null && (!localWriters.has(r.writer) || colliding.has(r.name)))),
  ];
}

/** The chain refs under refs/checkpoints/ of `store`, parsed. */
export async function listChainTips(store: Pick<Repo, 'listRefs'>): Promise<ChainTip[]> {
  return (await store.listRefs('refs/checkpoints/')).flatMap((r) => {
    const parsed = parseChainRef(r.name);
    return parsed ? [{ ...parsed, name: r.name, oid: r.oid }] : [];
  });
}

/** One sentence for a collision, for push, fetch, list and doctor alike. */
export function describeCollision(c: WriterCollision): string {
  const n = `${c.theirs}${c.more ? '+' : ''}`;
  return `another copy of this repository saves under your writer id ${c.writer}: ${c.remote} holds ${n} checkpoint${c.theirs === 1 && !c.more ? '' : 's'} ` +
    `under it that this clone did not save (listed as '${c.writer} (${c.remote})')`;
}

/** The hint that goes with it: the one command that mends it. */
export const COLLISION_HINT = 'give this copy a writer id of its own (its checkpoints move there; nothing on the remote changes) with: git checkpoint doctor --fix';

/**
 * Checkpoints on the copy's first-parent line that this clone did not save:
 * not reached from the own tip, the tips prune and drop replaced, or the
 * nowip twins, and carrying ids the own chain does not hold (a rewrite
 * pushed and then undone here holds the same ids under other commits).
 */
async function countTheirs(store: CopyStore, writer: string, ownTip: ObjectId, copyTip: ObjectId): Promise<number> {
  const [rewritten, twins] = await Promise.all([rewrittenTips(store, writer), store.listRefs(TWIN_PREFIX)]);
  const twin = twins.find((r) => r.name === `${TWIN_PREFIX}${writer}`)?.oid;
  const exclude = [ownTip, ...rewritten, ...(twin ? [twin] : [])];
  // A tip recorded before a garbage collection may be gone: git refuses to exclude a missing object.
  const walked = await store.walkCommits([copyTip], { firstParent: true, exclude, limit: COUNT_MAX + 1 })
    .catch(() => store.walkCommits([copyTip], { firstParent: true, exclude: [ownTip], limit: COUNT_MAX + 1 }));
  const line = ownLine(walked, writer);
  if (!line.length) return 0;
  const ownIds = new Set(ownLine(await store.walkCommits([ownTip], { firstParent: true }), writer).map((c) => parseMessage(c.message).id));
  return line.filter((c) => !ownIds.has(parseMessage(c.message).id)).length;
}

/** The writer's commits of a first-parent walk, up to the first of another writer. */
function ownLine(walked: CommitInfo[], writer: string): CommitInfo[] {
  const end = walked.findIndex((c) => parseMessage(c.message).writer !== writer);
  return end < 0 ? walked : walked.slice(0, end);
}

/** The own chain's tips that prune and drop replaced (rewrites.ts keeps them). */
async function rewrittenTips(store: CopyStore, writer: string): Promise<ObjectId[]> {
  const text = (await store.readGitFile('rewritten-tips', 'common').catch(() => null)) ?? '';
  const ref = chainRef(writer);
  return text.split('\n').map((l) => l.split(' ')).filter(([name, oid]) => name === ref && oid).map(([, oid]) => oid!);
}

async function readVerdicts(store: CopyStore): Promise<Map<string, number>> {
  const text = (await store.readGitFile(FILE, 'common').catch(() => null)) ?? '';
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    const [copy, own, count] = line.split(' ');
    if (copy && own && /^\d+$/.test(count ?? '')) out.set(`${copy} ${own}`, Number(count));
  }
  return out;
}

async function writeVerdicts(store: CopyStore, verdicts: Map<string, number>): Promise<void> {
  await store.writeGitFile(FILE, [...verdicts].map(([key, n]) => `${key} ${n}\n`).join(''), 'common');
}

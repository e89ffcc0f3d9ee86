/**
 * A rewrite of the own chain (prune, drop, the chain repair of `doctor
 * --fix`) moves the chain ref, then rebuilds the own notes from it. Killed
 * between the two, it leaves notes that still name the dropped checkpoints.
 * So before it moves the ref it writes what it is about to do in the common
 * git dir (`rewrite-pending`: the chain ref, its tip before), and removes
 * that once the notes are rebuilt; the next rewrite, or `doctor --fix`,
 * finds the file and finishes the job first. A rewrite that never moved the
 * ref (killed before, or lost the race to a save) leaves nothing to finish.
 */
import type { ObjectId, Person, Repo } from '../../git/repo.js';
import { repairNotes, type NotesCheck } from './notes-repair.js';
import { chainRef } from './refs.js';

const FILE = 'rewrite-pending';

export interface PendingRewrite {
  ref: string;
  /** The chain's tip before the interrupted rewrite: still there means the ref never moved. */
  oldTip: ObjectId;
}

/** Says, before the chain ref moves, that `writer`'s chain is being rewritten from `oldTip`. */
export async function markRewrite(repo: Repo, writer: string, oldTip: ObjectId): Promise<void> {
  await repo.writeGitFile(FILE, `${chainRef(writer)} ${oldTip}\n`, 'common');
}

/** The rewrite is whole (notes rebuilt), or never moved the ref: nothing to finish. */
export async function clearRewrite(repo: Repo): Promise<void> {
  await repo.deleteGitFile(FILE, 'common');
}

/** The rewrite of `writer`'s chain an earlier run left unfinished; null when none. */
export async function readPendingRewrite(repo: Repo, writer: string): Promise<PendingRewrite | null> {
  const text = (await repo.readGitFile(FILE, 'common').catch(() => null)) ?? '';
  const [ref, oldTip] = text.trim().split(' ');
  return ref === chainRef(writer) && oldTip ? { ref, oldTip } : null;
}

export interface FinishedRewrite {
  pending: PendingRewrite;
  /** The notes lines the rebuild added and removed (both 0 when they were whole after all). */
  notes: NotesCheck;
}

/**
 * Finishes what an interrupted rewrite of `writer`'s chain left: when its
 * ref moved, the own notes are rebuilt from the chain; then the mark goes.
 * Null when there was nothing to finish. With `fix` false only looks: the
 * notes lines that would change.
 */
export async function finishRewrite(repo: Repo, writer: string, who: Person, fix = true): Promise<FinishedRewrite | null> {
  const pending = await readPendingRewrite(repo, writer);
  if (!pending) return null;
  const moved = (await repo.readRef(pending.ref)) !== pending.oldTip;
  const notes = moved ? await repairNotes(repo, writer, who, fix) : { missing: 0, stale: 0 };
  if (fix) await clearRewrite(repo);
  return { pending, notes };
}

/**
 * Writes a checkpoint in the safe order of SPEC §9: objects, then the chain
 * ref (compare-and-swap, retried on a lost race), then the note. A crash at
 * any point leaves no checkpoint or a complete one; notes are derived and
 * `doctor --fix` rebuilds them. Usually chain and note move in one
 * transaction (moveChain).
 */
import { OperationError } from '../../errors.js';
import type { ObjectId, Person, Repo, TreeEntry } from '../../git/repo.js';
import { buildMessage, noteLine, parseMessage } from '../record/message.js';
import { appendNotes, backoff, prepareNotes, type PreparedNotes } from './notes.js';
import { isForeign, readOwnCommits } from './own-chain.js';
import { chainRef, notesRef } from './refs.js';
import { serializeRecord, type CheckpointRecord } from '../record/schema.js';

const MAX_ATTEMPTS = 200;

export interface WritePlan {
  record: CheckpointRecord;
  /** Rendered CHECKPOINT.md. */
  markdown: string;
  /** Commits of logical predecessors on other chains (extra parents). */
  lineageCommits: ObjectId[];
  /** Commit date and identity. */
  who: Person;
}

export interface WriteResult {
  commit: ObjectId;
  ref: string;
  /** The chain commits it was made on: the old tip first (none for a first checkpoint), then lineage. */
  parents: ObjectId[];
  /** False when the chain moved but the note could not be written (exit 2). */
  notesOk: boolean;
  notesError: string | null;
}

/**
 * Applies a plan. Throws OperationError naming the step (nothing visible
 * written) when the objects or the chain ref cannot be written; the note's
 * preparation, started alongside, is always settled first, so no helper
 * process outlives a failed save.
 */
export async function writeCheckpoint(repo: Repo, plan: WritePlan): Promise<WriteResult> {
  const { record } = plan;
  // The note's objects can be written while the chain commit is made; only its ref must wait for the chain.
  const noteEdits = record.git.head ? [{ target: record.git.head, lines: [noteLine(record)] }] : [];
  const notes = notesRef(record.writer);
  const notePrep = noteEdits.length ? prepareNotes(repo, notes, noteEdits, plan.who) : undefined;
  const ref = chainRef(record.writer);
  let moved: { commit: ObjectId; parents: ObjectId[]; withNote: boolean };
  try {
    const tree = await failingStep('write the checkpoint objects', () => writeRecordTree(repo, plan));
    moved = await moveChain(repo, ref, { tree, plan, note: notePrep && { ref: notes, prep: notePrep } });
  } catch (err) {
    await notePrep?.catch(() => {});
    throw err;
  }
  let notesError: string | null = null;
  if (noteEdits.length && !moved.withNote) {
    try {
      await appendNotes(repo, notes, noteEdits, plan.who, notePrep);
    } catch (err) {
      notesError = (err as Error).message;
    }
  }
  return { commit: moved.commit, ref, parents: moved.parents, notesOk: notesError === null, notesError };
}

async function writeRecordTree(repo: Repo, plan: WritePlan): Promise<ObjectId> {
  const { record } = plan;
  const [json, md] = await Promise.all([repo.writeBlob(serializeRecord(record)), repo.writeBlob(plan.markdown)]);
  const entries: TreeEntry[] = [
    { mode: '100644', type: 'blob', oid: md, name: 'CHECKPOINT.md' },
    { mode: '100644', type: 'blob', oid: json, name: 'checkpoint.json' },
  ];
  if (record.git.wip) entries.push({ mode: '040000', type: 'tree', oid: record.git.wip.tree, name: 'wip' });
  return repo.writeTree(entries);
}

/** Runs one write step; any failure becomes an OperationError that names it (exit 1, nothing visible written). */
async function failingStep<T>(name: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof OperationError) throw err;
    throw new OperationError(`could not ${name}: ${describeFailure(err as NodeJS.ErrnoException)}`, { hint: 'nothing was saved' });
  }
}

/** The system's own words, with what they mean for a write (a read-only file system reports EROFS, or EACCES as root). */
function describeFailure(err: NodeJS.ErrnoException): string {
  const message = err.message.split('\n')[0] ?? String(err);
  if (err.code === 'ENOSPC' || /no space left/i.test(message)) return `no space left on device (${message})`;
  if (err.code === 'EROFS' || /read-only file system/i.test(message)) return `read-only file system (${message})`;
  return message;
}

/**
 * Moves the chain to a new commit on its tip. The first attempt moves the
 * note's ref in the same transaction when its commit is ready (one process,
 * and never a checkpoint without its note); when that cannot be, the chain
 * moves alone and the note follows (`withNote` false).
 */
async function moveChain(
  repo: Repo,
  ref: string,
  c: { tree: ObjectId; plan: WritePlan; note: { ref: string; prep: Promise<PreparedNotes> } | undefined },
): Promise<{ commit: ObjectId; parents: ObjectId[]; withNote: boolean }> {
  const reason = `checkpoint: ${c.plan.record.id}`;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const tip = await repo.readRef(ref);
    if (tip) await refuseForeignTip(repo, ref, tip, c.plan.record.writer);
    // The first parent is this writer's previous checkpoint and nothing else (SPEC §3): a predecessor
    // on another chain is only ever an extra parent, so a first checkpoint has none of them.
    const parents = tip ? [...new Set([tip, ...c.plan.lineageCommits])] : [];
    const message = buildMessage(c.plan.record, tip ? (await chainPosition(repo, tip, c.plan.record.writer)) + 1 : 1);
    const commit = await failingStep('write the checkpoint commit', () => repo.writeCommit({
      tree: c.tree, parents, author: c.plan.who, committer: c.plan.who, message,
    }));
    const note = attempt === 0 && c.note ? await c.note.prep.catch(() => null) : null;
    if (note?.commit && c.note) {
      const both = [{ name: ref, next: commit, expected: tip }, { name: c.note.ref, next: note.commit, expected: note.old }];
      if (await repo.tryUpdateRefs(both, reason)) return { commit, parents, withNote: true };
    }
    if (await failingStep(`update ${ref}`, () => repo.updateRef(ref, commit, tip, reason))) return { commit, parents, withNote: false };
    await backoff(attempt);
  }
  throw new OperationError(`could not update ${ref}: other saves kept moving it`, {
    hint: 'try again; nothing was written',
  });
}

/** A chain ref left at another writer's commit (by an older version's drop) is repaired first, never built on. */
async function refuseForeignTip(repo: Repo, ref: string, tip: ObjectId, writer: string): Promise<void> {
  const commit = await repo.readCommit(tip);
  if (commit && isForeign(commit, writer)) {
    throw new OperationError(`${ref} points at another writer's checkpoint (${tip})`, { hint: 'repair the chain with: git checkpoint doctor --fix' });
  }
}

/** The position of `tip` on its chain: its `Checkpoint-Seq`, or counted when the chain has none. */
async function chainPosition(repo: Repo, tip: ObjectId, writer: string): Promise<number> {
  const commit = await repo.readCommit(tip);
  return (commit && parseMessage(commit.message).seq) ?? (await readOwnCommits(repo, writer, tip)).commits.length;
}

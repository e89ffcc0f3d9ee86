/**
 * Writes a checkpoint in the safe order of SPEC §9: objects, then the chain
 * ref (compare-and-swap, retried on a lost race), then the note. A crash at
 * any point leaves no checkpoint or a complete one; notes are derived and
 * `doctor --fix` rebuilds them.
 */
import { OperationError } from '../errors.js';
import type { ObjectId, Person, Repo, TreeEntry } from '../git/repo.js';
import { buildMessage, noteLine, parseMessage } from './message.js';
import { appendNotes, backoff, prepareNotes } from './notes.js';
import { chainRef, notesRef } from './refs.js';
import { serializeRecord, type CheckpointRecord } from './schema.js';

const MAX_ATTEMPTS = 200;

export interface WritePlan {
  record: CheckpointRecord;
  /** Rendered CHECKPOINT.md. */
  markdown: string;
  /** Commits of logical predecessors on other chains (extra parents). */
  lineageCommits: ObjectId[];
  /** Commit date and identity. */
  who: Person;
  /** Test hook: throw right after this step ('objects' | 'ref' | 'note'). */
  faultAfter?: string | undefined;
}

export interface WriteResult {
  commit: ObjectId;
  ref: string;
  /** False when the chain moved but the note could not be written (exit 2). */
  notesOk: boolean;
  notesError: string | null;
}

export class InjectedFault extends Error {
  constructor(step: string) {
    super(`injected fault after ${step}`);
  }
}

/** Applies a plan. Throws OperationError (nothing visible written) when the chain cannot be updated. */
export async function writeCheckpoint(repo: Repo, plan: WritePlan): Promise<WriteResult> {
  const { record } = plan;
  // The note's objects can be written while the chain commit is made; only its ref must wait for the chain.
  const noteEdits = record.git.head ? [{ target: record.git.head, lines: [noteLine(record)] }] : [];
  const notePrep = noteEdits.length ? prepareNotes(repo, notesRef(record.writer), noteEdits, plan.who) : undefined;
  notePrep?.catch(() => {});
  const [json, md] = await Promise.all([repo.writeBlob(serializeRecord(record)), repo.writeBlob(plan.markdown)]);
  const entries: TreeEntry[] = [
    { mode: '100644', type: 'blob', oid: md, name: 'CHECKPOINT.md' },
    { mode: '100644', type: 'blob', oid: json, name: 'checkpoint.json' },
  ];
  if (record.git.wip) entries.push({ mode: '040000', type: 'tree', oid: record.git.wip.tree, name: 'wip' });
  const tree = await repo.writeTree(entries);
  const ref = chainRef(record.writer);
  const commit = await moveChain(repo, ref, { tree, plan });
  if (plan.faultAfter === 'ref') throw new InjectedFault('ref');
  let notesError: string | null = null;
  if (noteEdits.length) {
    try {
      await appendNotes(repo, notesRef(record.writer), noteEdits, plan.who, notePrep);
    } catch (err) {
      notesError = (err as Error).message;
    }
  }
  if (plan.faultAfter === 'note') throw new InjectedFault('note');
  return { commit, ref, notesOk: notesError === null, notesError };
}

async function moveChain(
  repo: Repo,
  ref: string,
  c: { tree: ObjectId; plan: WritePlan },
): Promise<ObjectId> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const tip = await repo.readRef(ref);
    const parents = [...(tip ? [tip] : []), ...c.plan.lineageCommits.filter((p) => p !== tip)];
    const message = buildMessage(c.plan.record, tip ? (await chainPosition(repo, tip)) + 1 : 1);
    const commit = await repo.writeCommit({
      tree: c.tree, parents: [...new Set(parents)], author: c.plan.who, committer: c.plan.who, message,
    });
    if (c.plan.faultAfter === 'objects') throw new InjectedFault('objects');
    if (await repo.updateRef(ref, commit, tip, `checkpoint: ${c.plan.record.id}`)) return commit;
    await backoff(attempt);
  }
  throw new OperationError(`could not update ${ref}: other saves kept moving it`, {
    hint: 'try again; nothing was written',
  });
}

/** The position of `tip` on its chain: its `Checkpoint-Seq`, or counted when the chain has none. */
async function chainPosition(repo: Repo, tip: ObjectId): Promise<number> {
  const commit = await repo.readCommit(tip);
  return (commit && parseMessage(commit.message).seq) ?? repo.countCommits([tip], { firstParent: true });
}

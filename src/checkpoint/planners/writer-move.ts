/**
 * Mends a writer collision (writer-copies.ts): this copy of the repository
 * gets a writer id of its own, and the checkpoints it saved since the copies
 * parted move to that id's chain. Nothing on any remote is rewritten: the
 * shared history and the other copy's line stay under the old id, where
 * they already are (the fetched copy holds them), and this copy's new chain
 * is a new ref that the next push sends. Nothing is lost: the moved
 * checkpoints keep their ids, dates, authors, content and wip trees (their
 * records name the new writer), and the old chain's tip is kept in
 * `refs/checkpoint-dropped/<old>` (its reflog), as prune and drop keep theirs.
 *
 * Objects first; then a mark in the common git dir (`writer-move`) names the
 * move; then the refs and config, each step one that a second run finds done
 * or does: the new chain, `checkpoint.writer`, the notes, the old local refs.
 * A run killed midway is finished by the next `doctor --fix`.
 */
import type { ObjectId, Person, Repo, TreeEntry } from '../../git/repo.js';
import { WRITER_PATTERN } from '../config/config-values.js';
import { renderMarkdown } from '../record/md.js';
import { buildMessage, parseMessage } from '../record/message.js';
import { serializeRecord } from '../record/schema.js';
import { readLast, rememberLast } from '../store/lineage.js';
import { repairNotes } from '../store/notes-repair.js';
import { readRecordAt } from '../store/read-record.js';
import { chainRef, droppedRef, notesRef } from '../store/refs.js';

const MARK = 'writer-move';

export interface WriterMovePlan {
  from: string;
  to: string;
  /** The old chain's tip when the move was planned. */
  oldTip: ObjectId;
  /** The new chain's tip (null: nothing of this copy's own to move). */
  newTip: ObjectId | null;
  /** Old commit → new commit, oldest first. */
  moved: { id: string; from: ObjectId; to: ObjectId }[];
  /** Commits of this copy's line whose record could not be read: left on the old tip (kept), not moved. */
  unreadable: ObjectId[];
}

/** What a config change of the move needs (the install values live in the git binary's config: install/writer-config.ts). */
export type MoveConfig = (from: string, to: string) => Promise<void>;

/**
 * Writes the moved checkpoints under `to` (objects only) and marks the move:
 * `from`'s own checkpoints not reachable from `copyTips` (the other copy's
 * line and the history both share), re-created oldest first on a new chain.
 */
export async function planWriterMove(repo: Repo, from: string, to: string, copyTips: ObjectId[]): Promise<WriterMovePlan> {
  const oldTip = await repo.readRef(chainRef(from));
  if (!oldTip) throw new Error(`${chainRef(from)} does not exist`);
  const walked = await repo.walkCommits([oldTip], { firstParent: true, exclude: copyTips });
  const end = walked.findIndex((c) => parseMessage(c.message).writer !== from);
  const line = (end < 0 ? walked : walked.slice(0, end)).reverse();
  const plan: WriterMovePlan = { from, to, oldTip, newTip: null, moved: [], unreadable: [] };
  let prev: ObjectId | null = null;
  let pending: ObjectId[] = [];
  for (const c of line) {
    const parsed = await readRecordAt(repo, c.oid);
    if (!parsed.ok) {
      plan.unreadable.push(c.oid);
      continue;
    }
    const record = { ...parsed.value, writer: to };
    const tree = await repo.readTree(c.tree);
    const wip = tree?.find((e) => e.name === 'wip' && e.type === 'tree');
    const [json, md] = await Promise.all([repo.writeBlob(serializeRecord(record)), repo.writeBlob(renderMarkdown(record))]);
    const entries: TreeEntry[] = [
      { mode: '100644', type: 'blob', oid: md, name: 'CHECKPOINT.md' },
      { mode: '100644', type: 'blob', oid: json, name: 'checkpoint.json' },
      ...(wip ? [wip] : []),
    ];
    // The first parent was the previous checkpoint of the old chain; the others are lineage links, kept.
    // The first moved checkpoint has no own predecessor: what it built on (the shared history) becomes
    // an extra parent of the next one, as prune does (rewrite-chain.ts), so it stays reachable.
    const lineage = c.parents.slice(1);
    const builtOn = c.parents[0] ? [c.parents[0]] : [];
    const parents: ObjectId[] = prev ? [...new Set([prev, ...pending, ...lineage])] : [];
    pending = prev ? [] : [...builtOn, ...lineage];
    const message = buildMessage(record, plan.moved.length + 1);
    const commit: ObjectId = await repo.writeCommit({ tree: await repo.writeTree(entries), parents, author: c.author, committer: c.committer, message });
    plan.moved.push({ id: record.id, from: c.oid, to: commit });
    prev = commit;
  }
  plan.newTip = prev;
  await repo.writeGitFile(MARK, `${JSON.stringify(plan)}\n`, 'common');
  return plan;
}

/** The move an earlier run marked and did not finish; null when none. */
export async function readPendingMove(repo: Repo): Promise<WriterMovePlan | null> {
  const text = await repo.readGitFile(MARK, 'common').catch(() => null);
  if (!text) return null;
  try {
    const plan = JSON.parse(text) as WriterMovePlan;
    return WRITER_PATTERN.test(plan.from) && WRITER_PATTERN.test(plan.to) && typeof plan.oldTip === 'string' && Array.isArray(plan.moved) ? plan : null;
  } catch {
    return null;
  }
}

/**
 * Performs a marked move, each step only if not yet done: the new chain
 * ref, the config (`moveConfig`: `checkpoint.writer` and what install set
 * for the old id), the new id's notes, this worktree's lineage link, then the
 * old local chain and notes (the chain's tip kept in refs/checkpoint-dropped/).
 */
export async function finishWriterMove(repo: Repo, plan: WriterMovePlan, who: Person, moveConfig: MoveConfig): Promise<'done' | 'stale'> {
  const newRef = chainRef(plan.to);
  const created = await repo.readRef(newRef);
  // A save under the old id landed after the plan and before any ref moved: plan again (nothing to undo).
  if (!created && (await repo.readRef(chainRef(plan.from))) !== plan.oldTip) {
    await repo.deleteGitFile(MARK, 'common');
    return 'stale';
  }
  if (plan.newTip && !created) await repo.updateRef(newRef, plan.newTip, null, `checkpoint: moved from writer ${plan.from}`);
  await moveConfig(plan.from, plan.to);
  await repairNotes(repo, plan.to, who, true);
  const last = await readLast(repo).catch(() => null);
  const moved = last && plan.moved.find((m) => m.from === last.commit);
  if (last && moved) await rememberLast(repo, { ...last, commit: moved.to, writer: plan.to }).catch(() => {});
  const oldRef = chainRef(plan.from);
  const tip = await repo.readRef(oldRef);
  // Only the chain as planned goes: a save that landed under the old id meanwhile keeps it (listed, never lost).
  if (tip === plan.oldTip) {
    const dropped = droppedRef(plan.from);
    await repo.updateRef(dropped, tip, await repo.readRef(dropped), `checkpoint: tip before the move to writer ${plan.to}`);
    await repo.deleteRef(oldRef, tip);
  }
  const notes = await repo.readRef(notesRef(plan.from));
  if (notes) await repo.deleteRef(notesRef(plan.from), notes);
  await repo.deleteGitFile(MARK, 'common');
  return 'done';
}

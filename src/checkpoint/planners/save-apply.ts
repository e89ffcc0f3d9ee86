/**
 * `save`, step 3 of 3: performs a plan in the safe order of SPEC §9 — the
 * writer id in config (first save only), the wip snapshot's objects, the
 * record's objects, the chain ref (compare-and-swap), the note, the lineage
 * link. A failure before the chain ref moves leaves no checkpoint (at most
 * unreachable objects); after it, a complete checkpoint whose derived parts
 * `doctor --fix` restores.
 */
import { OperationError } from '../../errors.js';
import type { Person, Repo } from '../../git/repo.js';
import { renderMarkdown } from '../record/md.js';
import { ensureWriter } from '../store/identity.js';
import { rememberLast } from '../store/lineage.js';
import type { SavePlan } from './save-plan.js';
import type { CheckpointRecord } from '../record/schema.js';
import { indexSaved } from '../listing/branch-checkpoint.js';
import { writeCheckpoint } from '../store/write.js';

export interface SaveOutcome {
  record: CheckpointRecord;
  commit: string;
  ref: string;
  /** False when the chain moved but the note could not be written (exit 2). */
  notesOk: boolean;
  notesError: string | null;
  warnings: string[];
  hints: string[];
  notices: string[];
}

/** Writes the planned checkpoint. Throws OperationError naming the step when nothing visible was written. */
export async function applySave(
  repo: Repo, plan: SavePlan, at: { now: Date },
): Promise<SaveOutcome> {
  let record = plan.record;
  const warnings = [...plan.warnings];
  if (plan.createWriter) {
    const writer = await step('set checkpoint.writer', () => ensureWriter(repo, record.writer, () => at.now));
    // Another first save claimed an id a moment earlier: this checkpoint joins that chain.
    if (writer !== record.writer) record = { ...record, writer };
  }
  if (plan.wip && record.git.wip) {
    try {
      const tree = await repo.snapshotWorktree(plan.wip.changed, plan.wip.keep, plan.wip.read);
      record = { ...record, git: { ...record.git, wip: { ...record.git.wip!, tree } } };
    } catch (err) {
      // SPEC §6: the rest is saved, and the record says what is missing and why (wip-state.ts: every reader tells).
      // Without the file path node puts in its messages: an absolute path has no place in a shared object.
      const reason = `the snapshot could not be written: ${(err as Error).message.replace(/ '[^']*'( -> '[^']*')?$/, '')}`;
      const paths = record.git.worktree.total;
      warnings.push(`not collected: wip: ${reason}; the checkpoint lists ${paths} uncommitted path${paths === 1 ? '' : 's'} that apply cannot restore`);
      record = { ...record, git: { ...record.git, wip: null, notCollected: [...record.git.notCollected, { section: 'wip', reason }] } };
    }
  }
  const seconds = Math.floor(at.now.getTime() / 1000);
  const who: Person = { name: record.author.name, email: record.author.email, timestamp: seconds, tzOffsetMinutes: 0 };
  const result = await writeCheckpoint(repo, { record, markdown: renderMarkdown(record), who, lineageCommits: plan.lineageCommits });
  // Bookkeeping for the next save's lineage: losing it only loses a default predecessor.
  await Promise.all([
    rememberLast(repo, { id: record.id, commit: result.commit, writer: record.writer }).catch((err: Error) => {
      warnings.push(`could not record the lineage link: ${err.message}`);
    }),
    indexSaved(repo, {
      ref: result.ref, commit: result.commit, parents: result.parents, branch: record.git.branch,
      title: record.task.title, writer: record.writer, time: seconds,
    }).catch(() => {}),
  ]);
  return {
    record, commit: result.commit, ref: result.ref, notesOk: result.notesOk, notesError: result.notesError,
    warnings, hints: plan.hints, notices: plan.notices,
  };
}

async function step<T>(name: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof OperationError) throw err;
    throw new OperationError(`could not ${name}: ${(err as Error).message}`, { hint: 'nothing was saved' });
  }
}

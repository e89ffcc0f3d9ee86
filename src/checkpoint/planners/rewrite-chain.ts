/**
 * Applies a prune/drop plan to the own chain (SPEC §5, §9): new commits with
 * the same trees, authors, dates and messages but for a renumbered
 * `Checkpoint-Seq` (so ids and records are kept), then one compare-and-swap
 * of the chain ref, then the own notes rebuilt.
 * Other writers' refs are never touched. A save that lands meanwhile makes
 * the swap fail; the plan is then made again on the new chain.
 */
import { OperationError } from '../../errors.js';
import type { CommitInfo, ObjectId, Person, Repo } from '../../git/repo.js';
import { parseMessage, withSeq } from '../record/message.js';
import { readOwnCommits } from '../store/own-chain.js';
import { repairNotes } from '../store/notes-repair.js';
import { planRewrite, type ChainEntry } from './prune-plan.js';
import { chainRef, droppedRef } from '../store/refs.js';
import { recordRewrite } from '../store/rewrites.js';
import { clearRewrite, finishRewrite, markRewrite, type FinishedRewrite } from '../store/rewrite-pending.js';

const MAX_ATTEMPTS = 20;

export interface RewriteResult {
  /** What an interrupted earlier rewrite left and this run finished first (its notes); null when nothing. */
  finished: FinishedRewrite | null;
  dropped: ChainEntry[];
  kept: number;
  /** False when notes could not be rebuilt (the chain was rewritten: exit 2). */
  notesOk: boolean;
  /** The chain's tip before the rewrite (null: no chain): `git update-ref` back to it undoes the rewrite. */
  oldTip: ObjectId | null;
  /** True when another writer's commit was moved off the first-parent line. */
  repaired: boolean;
}

export interface ChainEntries {
  tip: ObjectId | null;
  /** Oldest first. */
  entries: (ChainEntry & { info: CommitInfo })[];
  /** True when the oldest own checkpoint's first parent is another writer's commit: a rewrite repairs it. */
  corrupt: boolean;
}

/** The own chain, oldest first, with the commits (the writer's first-parent line only). */
export async function readChainEntries(repo: Repo, writer: string): Promise<ChainEntries> {
  const { tip, commits, foreign } = await readOwnCommits(repo, writer);
  const entries = [...commits].reverse().map((info) => {
    const facts = parseMessage(info.message);
    return { commit: info.oid, id: facts.id ?? info.oid, time: info.author.timestamp, title: facts.title, info };
  });
  return { tip, entries, corrupt: foreign !== null };
}

export interface RewriteOptions {
  dryRun?: boolean;
  /** Rewrite a corrupted chain even when nothing is dropped (`doctor --fix`). */
  repair?: boolean;
}

/**
 * Removes the checkpoints `choose` picks from the own chain. `choose` runs on
 * the current chain at every attempt. A corrupted chain (another writer's
 * commit on the first-parent line) is repaired by the same rewrite. Returns
 * what was dropped (nothing written when `dryRun`, or when nothing is picked
 * and nothing needs repair); `oldTip` is the chain's value before, for undo.
 */
export async function rewriteOwnChain(
  repo: Repo,
  writer: string,
  who: Person,
  choose: (entries: ChainEntry[]) => ChainEntry[],
  opts: RewriteOptions = {},
): Promise<RewriteResult> {
  const ref = chainRef(writer);
  // An earlier run killed between moving the chain and rebuilding the notes: finished first.
  const finished = await finishRewrite(repo, writer, who, !opts.dryRun);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const { tip, entries, corrupt } = await readChainEntries(repo, writer);
    const dropped = choose(entries);
    const repair = corrupt && (opts.repair || dropped.length > 0);
    const result: RewriteResult = { finished, dropped, kept: entries.length - dropped.length, notesOk: true, oldTip: tip, repaired: false };
    if (!tip || (!dropped.length && !repair) || opts.dryRun) return result;
    const newTip = await writeRewrite(repo, entries, new Set(dropped.map((d) => d.commit)), repair);
    await recordRewrite(repo, ref, tip);
    await keepOldTip(repo, writer, tip);
    await markRewrite(repo, writer, tip);
    const swapped = newTip
      ? await repo.updateRef(ref, newTip, tip, `checkpoint: rewrite (${dropped.length} dropped${repair ? ', repaired' : ''})`)
      : await repo.deleteRef(ref, tip);
    if (!swapped) {
      await clearRewrite(repo);
      continue;
    }
    result.repaired = repair;
    try {
      await repairNotes(repo, writer, who, true);
      await clearRewrite(repo);
    } catch {
      // The mark stays: the next prune, drop or doctor --fix rebuilds the notes.
      result.notesOk = false;
    }
    return result;
  }
  throw new OperationError(`could not rewrite ${ref}: other saves kept moving it`, { hint: 'try again; nothing was changed' });
}

/**
 * Before each rewrite, the chain's tip goes to `refs/checkpoint-dropped/<writer>`
 * (outside refs/checkpoints/: never listed, fetched or pushed), whose reflog
 * therefore lists every tip that drop and prune replaced — also after a drop
 * that empties the chain, when git deletes the chain's own reflog with the
 * ref. `git update-ref -d` of it lets them be collected.
 */
async function keepOldTip(repo: Repo, writer: string, tip: ObjectId): Promise<void> {
  const ref = droppedRef(writer);
  for (let attempt = 0; attempt < 5; attempt++) {
    if (await repo.updateRef(ref, tip, await repo.readRef(ref), 'checkpoint: tip before drop/prune')) return;
  }
}

/** Writes the rewritten commits; returns the new tip (null when nothing is left). */
async function writeRewrite(
  repo: Repo, entries: { commit: string; info: CommitInfo }[], drop: Set<string>, repair: boolean,
): Promise<ObjectId | null> {
  const plan = planRewrite(entries.map((e) => ({ commit: e.commit, parents: e.info.parents })), drop, { repair });
  const byOid = new Map(entries.map((e) => [e.commit, e.info]));
  const renamed = new Map<string, string>();
  let prev = plan.keptPrefix.at(-1) ?? null;
  let pending: string[] = [];
  for (const [i, step] of plan.rewrite.entries()) {
    const c = byOid.get(step.commit)!;
    const lineage = step.lineage.map((p) => renamed.get(p) ?? p);
    // A checkpoint with no own predecessor left has no parents (another chain's commit is never a first
    // parent); its lineage moves to the next one as extra parents, so what it built on stays reachable.
    const parents = prev ? [...new Set([prev, ...pending, ...lineage])] : [];
    pending = prev ? [] : lineage;
    // Positions close the gap the dropped checkpoints left.
    const message = withSeq(c.message, plan.keptPrefix.length + i + 1);
    prev = await repo.writeCommit({ tree: c.tree, parents, author: c.author, committer: c.committer, message });
    renamed.set(step.commit, prev);
  }
  return prev;
}

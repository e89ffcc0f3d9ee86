/**
 * Applies a prune/drop plan to the own chain (SPEC §5, §9): new commits with
 * the same trees, authors, dates and messages but for a renumbered
 * `Checkpoint-Seq` (so ids and records are kept), then one compare-and-swap
 * of the chain ref, then the own notes rebuilt.
 * Other writers' refs are never touched. A save that lands meanwhile makes
 * the swap fail; the plan is then made again on the new chain.
 */
import { OperationError } from '../errors.js';
import type { CommitInfo, ObjectId, Person, Repo } from '../git/repo.js';
import { parseMessage, withSeq } from './message.js';
import { repairNotes } from './notes-repair.js';
import { planRewrite, type ChainEntry } from './prune-plan.js';
import { chainRef } from './refs.js';
import { recordRewrite } from './rewrites.js';

const MAX_ATTEMPTS = 20;

export interface RewriteResult {
  dropped: ChainEntry[];
  kept: number;
  /** False when notes could not be rebuilt (the chain was rewritten: exit 2). */
  notesOk: boolean;
}

/** The own chain, oldest first, with the commits (first-parent history of the ref). */
export async function readChainEntries(repo: Repo, writer: string): Promise<{ tip: ObjectId | null; entries: (ChainEntry & { info: CommitInfo })[] }> {
  const tip = await repo.readRef(chainRef(writer));
  if (!tip) return { tip: null, entries: [] };
  const commits = (await repo.walkCommits([tip], { firstParent: true })).reverse();
  const entries = commits.map((info) => {
    const facts = parseMessage(info.message);
    return { commit: info.oid, id: facts.id ?? info.oid, time: info.author.timestamp, title: facts.title, info };
  });
  return { tip, entries };
}

/**
 * Removes the checkpoints `choose` picks from the own chain. `choose` runs on
 * the current chain at every attempt. Returns what was dropped (nothing
 * written when `dryRun` or when nothing is picked).
 */
export async function rewriteOwnChain(
  repo: Repo,
  writer: string,
  who: Person,
  choose: (entries: ChainEntry[]) => ChainEntry[],
  opts: { dryRun?: boolean } = {},
): Promise<RewriteResult> {
  const ref = chainRef(writer);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const { tip, entries } = await readChainEntries(repo, writer);
    const dropped = choose(entries);
    const result = { dropped, kept: entries.length - dropped.length, notesOk: true };
    if (!tip || !dropped.length || opts.dryRun) return result;
    const newTip = await writeRewrite(repo, entries, new Set(dropped.map((d) => d.commit)));
    await recordRewrite(repo, ref, tip);
    const swapped = newTip
      ? await repo.updateRef(ref, newTip, tip, `checkpoint: rewrite (${dropped.length} dropped)`)
      : await repo.deleteRef(ref, tip);
    if (!swapped) continue;
    try {
      await repairNotes(repo, writer, who, true);
    } catch {
      result.notesOk = false;
    }
    return result;
  }
  throw new OperationError(`could not rewrite ${ref}: other saves kept moving it`, { hint: 'try again; nothing was changed' });
}

/** Writes the rewritten commits; returns the new tip (null when nothing is left). */
async function writeRewrite(repo: Repo, entries: { commit: string; info: CommitInfo }[], drop: Set<string>): Promise<ObjectId | null> {
  const plan = planRewrite(entries.map((e) => ({ commit: e.commit, parents: e.info.parents })), drop);
  const byOid = new Map(entries.map((e) => [e.commit, e.info]));
  const renamed = new Map<string, string>();
  let prev = plan.keptPrefix.at(-1) ?? null;
  for (const [i, step] of plan.rewrite.entries()) {
    const c = byOid.get(step.commit)!;
    const lineage = step.lineage.map((p) => renamed.get(p) ?? p);
    const parents = [...new Set([...(prev ? [prev] : []), ...lineage])];
    // Positions close the gap the dropped checkpoints left.
    const message = withSeq(c.message, plan.keptPrefix.length + i + 1);
    prev = await repo.writeCommit({ tree: c.tree, parents, author: c.author, committer: c.committer, message });
    renamed.set(step.commit, prev);
  }
  return prev;
}

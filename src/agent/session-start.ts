/**
 * The recap a session-start hook injects: the checkpoint saved for this
 * agent session (recorded by the pre-compact hook), else this writer's newest
 * on the current branch — never another writer's (a fetched teammate's, or a
 * parallel session under another identity). Rendered as SESSION_RECAP/1 with
 * reconciliation verdicts, held to the agent's context budget.
 */
import type { Context } from '../io/context.js';
import { readWriter } from '../checkpoint/store/identity.js';
import { checkListed, loadListing, partialListing } from '../checkpoint/listing/listing.js';
import type { CheckpointSummary, Listing } from '../checkpoint/listing/types.js';
import { planReconcile } from '../checkpoint/planners/reconcile.js';
import { gatherReconcileFacts } from '../checkpoint/planners/reconcile-facts.js';
import { loadRecord } from '../checkpoint/listing/resolve.js';
import type { Repo } from '../git/repo.js';
import { reconcileVerdicts } from '../render/recap-reconcile.js';
import { renderRecapWithin } from '../render/recap-fit.js';
import { readSession, writeSession, type SessionEntry } from './session-record.js';
import type { AgentAdapter, AgentInput } from './adapters/types.js';

/** Uncommitted paths listed in the injected recap; the rest are counted. */
const MAX_PATHS_SHOWN = 100;

/**
 * Codex fires SessionStart twice when it compacts a resumed session (source
 * `resume`, then `compact`, moments apart, both after the compaction, into
 * the same new context): a `compact` start that finds the same recap given
 * within this window, with no compaction begun since, does not give it again.
 */
export const REINJECT_WINDOW_MS = 10_000;

export async function sessionRecap(ctx: Context, adapter: AgentAdapter, input: AgentInput, repo: Repo): Promise<string> {
  const entry = input.sessionId ? await readSession(repo, input.sessionId) : null;
  if (adapter.injectsOnlyAfterCompaction?.(input) && !entry?.pendingInject) return '';
  const chosen = await chooseCheckpoint(repo, entry);
  if (!chosen) return '';
  const now = ctx.deps.now();
  const last = entry?.lastInjection;
  if (input.source === 'compact' && last && last.checkpoint === chosen.id && now.getTime() - Date.parse(last.at) < REINJECT_WINDOW_MS) {
    ctx.deps.streams.err(`git checkpoint: the recap of ${chosen.id} was given to this session moments ago\n`);
    return '';
  }
  const record = await loadRecord(repo, chosen);
  const reconcile = await gatherReconcileFacts(repo, record).then((facts) => reconcileVerdicts(planReconcile(record, facts))).catch((err: Error) => [
    { aspect: 'drift' as const, verdict: 'unknown', detail: `could not compare: ${err.message.split('\n')[0]}` },
  ]);
  const recap = renderRecapWithin(record, adapter.contextBudget, { reconcile, maxUncommitted: MAX_PATHS_SHOWN });
  if (entry && input.sessionId) await writeSession(repo, input.sessionId, { ...entry, pendingInject: false, lastInjection: { checkpoint: chosen.id, at: now.toISOString() } });
  return adapter.sessionStartOutput(recap, input) ?? '';
}

/**
 * Lists lazily and reads only the records of the candidates: the newest own
 * one on the branch is in the head of the last listing; a session's one by
 * id needs the whole listing. An invalid candidate drops out and the next
 * one is taken.
 */
async function chooseCheckpoint(repo: Repo, entry: SessionEntry | null): Promise<CheckpointSummary | null> {
  const [branch, writer] = await Promise.all([repo.headBranch(), readWriter(repo)]);
  const ownHere = (c: CheckpointSummary) => branch !== null && c.branch === branch && writer !== null && c.writer === writer && c.remote === null;
  const pick = (l: Listing) => (entry && l.checkpoints.find((c) => c.id === entry.checkpoint)) || l.checkpoints.find(ownHere) || null;
  let listing = await loadListing(repo, { lazy: true, head: !entry, all: Boolean(entry) });
  for (;;) {
    const chosen = pick(listing);
    if (!chosen || chosen.checked) return chosen;
    await checkListed(repo, listing, [chosen]);
    if (partialListing(listing)?.stale) listing = await loadListing(repo, { lazy: true, all: true });
  }
}

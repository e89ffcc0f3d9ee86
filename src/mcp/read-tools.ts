/** The read-only MCP tools: recap, status, list, show, diff, log. None writes to the repository. */
import type * as z from 'zod/mini';
import { loadLineage } from '../checkpoint/listing/lineage-graph.js';
import { loadListing } from '../checkpoint/listing/listing.js';
import { planReconcile } from '../checkpoint/planners/reconcile.js';
import { gatherReconcileFacts, readWorktreeNow } from '../checkpoint/planners/reconcile-facts.js';
import { findCheckpoint, resolveCheckpoint } from '../checkpoint/listing/resolve.js';
import { parseSince } from '../checkpoint/record/when.js';
import { loadDiff } from '../services/diff-data.js';
import { summaryJson } from '../services/list-data.js';
import { listPage } from '../checkpoint/listing/listing-page.js';
import { lineageJson } from '../services/log-data.js';
import type { Repo } from '../git/repo.js';
import { renderMarkdown } from '../checkpoint/record/md.js';
import { DEFAULT_RECAP_BUDGET, renderRecapWithin } from '../render/recap-budget.js';
import { reconcileVerdicts } from '../render/recap-reconcile.js';
import type { RepoScope } from './repo-scope.js';
import type { diffInput, listInput, logInput, recapInput, showInput, statusInput } from './schemas.js';
import { dataResult, textResult, type ToolResult } from './tool-result.js';

/** A checkpoint and where the repository no longer matches it: drift is data here, never an error. */
export async function reconciled(repo: Repo, spec: string) {
  // git status and hashing what it lists need no record: they run while the checkpoint is found and read.
  const now = readWorktreeNow(repo);
  const { summary, record } = await findCheckpoint(repo, spec);
  const reconcile = planReconcile(record, await gatherReconcileFacts(repo, record, now));
  return { summary, record, reconcile, verdicts: reconcileVerdicts(reconcile) };
}

/** SESSION_RECAP/1 of a checkpoint with the reconciliation verdicts, within `budget` characters. */
export async function recapText(repo: Repo, spec: string, budget = DEFAULT_RECAP_BUDGET): Promise<string> {
  if (!repo.info.workTree) {
    const { record } = await findCheckpoint(repo, spec);
    return renderRecapWithin(record, budget);
  }
  const r = await reconciled(repo, spec);
  return renderRecapWithin(r.record, budget, r.verdicts);
}

export function recapTool(scope: RepoScope, args: z.infer<typeof recapInput>): Promise<ToolResult> {
  return scope.withRepo(args.cwd, async (repo) => textResult(await recapText(repo, args.checkpoint ?? 'latest', args.budget)));
}

export function statusTool(scope: RepoScope, args: z.infer<typeof statusInput>): Promise<ToolResult> {
  return scope.withWorktree(args.cwd, async (repo) => {
    const r = await reconciled(repo, args.checkpoint ?? 'latest');
    return dataResult({
      checkpoint: { ...summaryJson(r.summary), head: r.record.git.head },
      drift: r.reconcile.drift,
      verdicts: r.verdicts,
      reconcile: r.reconcile,
    });
  });
}

export function listTool(scope: RepoScope, args: z.infer<typeof listInput>, now: Date): Promise<ToolResult> {
  return scope.withRepo(args.cwd, async (repo) => {
    const since = args.since !== undefined ? parseSince(args.since, now, 'since') : null;
    const branch = args.here ? await repo.headBranch() : args.branch;
    const filters = { branch, writer: args.writer, label: args.label, since };
    const { listing, shown, total } = await listPage(repo, { filters, limit: args.limit ?? 20, local: false, now: now.getTime() });
    return dataResult({
      total, shown: shown.length, checkpoints: shown.map(summaryJson),
      invalid: listing.invalid.map((i) => ({ commit: i.commit, error: i.error })),
    });
  });
}

export function showTool(scope: RepoScope, args: z.infer<typeof showInput>): Promise<ToolResult> {
  return scope.withRepo(args.cwd, async (repo) => {
    const { summary, record } = await findCheckpoint(repo, args.checkpoint ?? 'latest');
    if (args.format === 'json') return dataResult(record as unknown as Record<string, unknown>);
    return textResult(renderMarkdown(record, { color: false, remote: summary.remote }));
  });
}

export function diffTool(scope: RepoScope, args: z.infer<typeof diffInput>): Promise<ToolResult> {
  return scope.withWorktree(args.cwd, async (repo) => {
    const { record } = await findCheckpoint(repo, args.checkpoint ?? 'latest');
    return dataResult({ ...(await loadDiff(repo, record)) });
  });
}

export function logTool(scope: RepoScope, args: z.infer<typeof logInput>): Promise<ToolResult> {
  return scope.withRepo(args.cwd, async (repo) => {
    const [listing, branch] = await Promise.all([loadListing(repo), repo.headBranch()]);
    const start = resolveCheckpoint(listing, args.checkpoint ?? 'latest', branch);
    const { nodes, truncated } = await loadLineage(repo, listing, start, args.limit ?? 200);
    return dataResult(lineageJson(start.id, nodes, truncated));
  });
}

/**
 * `git checkpoint hook agent-session-start`: runs when an agent session starts
 * after a compaction or a resume. Prints the latest checkpoint of the current
 * branch as SESSION_RECAP/1 with reconciliation verdicts, in the JSON shape
 * Claude Code and Codex inject into the model's context
 * (`hookSpecificOutput.additionalContext`). No checkpoint → no output. It
 * never fails the session start: every error becomes a warning and exit 0.
 */
import type { CommandResult, Context } from '../../cli/context.js';
import { EXIT } from '../../cli/exit-codes.js';
import { HOOK_INPUT_MAX, parseHookInput } from '../../agent/hook-input.js';
import { planReconcile } from '../../checkpoint/reconcile.js';
import { gatherReconcileFacts } from '../../checkpoint/reconcile-facts.js';
import { reconcileVerdicts } from '../../render/recap-reconcile.js';
import { loadListing } from '../../checkpoint/listing.js';
import { loadRecord } from '../../checkpoint/resolve.js';
import { renderRecap } from '../../render/recap.js';
import { renderJson } from '../../render/sanitize.js';

/** Uncommitted paths listed in the injected recap; the rest are counted. */
const MAX_PATHS_SHOWN = 100;

export async function run(ctx: Context, _args: string[]): Promise<CommandResult> {
  try {
    return { exitCode: EXIT.ok, text: await sessionContext(ctx) };
  } catch (err) {
    ctx.warn(`git checkpoint: no checkpoint context for this session: ${(err as Error).message.split('\n')[0]}`);
    return { exitCode: EXIT.ok };
  }
}

async function sessionContext(ctx: Context): Promise<string> {
  // Run by hand in a terminal there is no hook JSON to wait for.
  const input = ctx.deps.streams.isStdinTTY ? {} : parseHookInput(await ctx.deps.streams.readStdin(HOOK_INPUT_MAX));
  if (input.cwd) ctx.globals.dir = input.cwd;
  const repo = await ctx.repo();
  const [listing, branch] = await Promise.all([loadListing(repo), repo.headBranch()]);
  const latest = listing.checkpoints.find((c) => branch !== null && c.branch === branch);
  if (!latest) return '';
  const record = await loadRecord(repo, latest);
  const reconcile = await gatherReconcileFacts(repo, record).then((facts) => reconcileVerdicts(planReconcile(record, facts))).catch((err: Error) => [
    { aspect: 'drift' as const, verdict: 'unknown', detail: `could not compare: ${err.message.split('\n')[0]}` },
  ]);
  const recap = renderRecap(record, { reconcile, maxUncommitted: MAX_PATHS_SHOWN });
  const output = { hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: recap } };
  return renderJson(output, 0);
}

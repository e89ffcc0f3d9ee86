/**
 * `git checkpoint hook agent-pre-compact [<agent>]`: runs right before an
 * agent compacts its context. Reads the hook JSON (within a deadline), finds
 * the repository, streams the transcript into a harvest and saves a
 * checkpoint (`compactImminent: true`, mode routine) through the one save
 * path — so redaction applies — and records it as this session's.
 *
 * It never blocks the compaction: the exit code is always 0. When nothing
 * could be saved, the person sees why in the agent's own non-blocking message
 * shape, and the failure is recorded for `git checkpoint doctor`.
 */
import type { CommandResult, Context } from '../../io/context.js';
import { saveBeforeCompaction } from '../../agent/pre-compact.js';
import { runAgentHook } from '../../agent/hook-outcome.js';

export async function run(ctx: Context, args: string[]): Promise<CommandResult> {
  return runAgentHook(ctx, args, 'pre-compact', async (adapter, input, repo) => {
    const saved = await saveBeforeCompaction(ctx, adapter, input, repo);
    return { text: '', problem: saved.problem };
  });
}

/**
 * `git checkpoint hook agent-pre-compact [<agent>] [--recap]`: runs right
 * before an agent compacts its context. Reads the hook JSON (within a
 * deadline), finds the repository, streams the transcript into a harvest and
 * saves a checkpoint (`compactImminent: true`, mode routine) through the one
 * save path — so redaction applies — and records it as this session's.
 *
 * `--recap` (the OpenCode and Cline CLI plugins, which inject the recap
 * themselves right after the save): answers, once saved, with that
 * checkpoint's recap in the agent's session-start shape, as
 * `agent-session-start` would — one process where two ran in sequence.
 *
 * It never blocks the compaction: the exit code is always 0. When nothing
 * could be saved, the person sees why in the agent's own non-blocking message
 * shape, and the failure is recorded for `git checkpoint doctor`.
 */
import type { CommandResult, Context, ParsedArgs } from '../../io/context.js';
import { saveBeforeCompaction } from '../../agent/pre-compact.js';
import { runAgentHook } from '../../agent/hook-outcome.js';
import { sessionRecap } from '../../agent/session-start.js';

export async function run(ctx: Context, args: string[], values: ParsedArgs['values'] = {}): Promise<CommandResult> {
  const recap = values.recap === true;
  return runAgentHook(ctx, args, 'pre-compact', async (adapter, input, repo) => {
    const saved = await saveBeforeCompaction(ctx, adapter, input, repo);
    // (Nothing saved because no compaction follows, or a problem: no recap. The plugin asks for one on its own after a problem.)
    if (!recap || saved.id === null || saved.problem) return { text: '', problem: saved.problem };
    return { text: await sessionRecap(ctx, adapter, { ...input, source: 'compact' }, repo) };
  });
}

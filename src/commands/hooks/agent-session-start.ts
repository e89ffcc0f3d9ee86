/**
 * `git checkpoint hook agent-session-start [<agent>]`: runs when an agent
 * session starts after a compaction, a resume or a fork (and, for agents that
 * have no such event, on the first turn after a compaction). Prints the
 * session's checkpoint as SESSION_RECAP/1 in the agent's injection shape,
 * within its context budget. No checkpoint → no output. Always exit 0; a
 * problem becomes the agent's non-blocking message and a record for `doctor`.
 */
import type { CommandResult, Context } from '../../io/context.js';
import { runAgentHook } from '../../agent/hook-outcome.js';
import { sessionRecap } from '../../agent/session-start.js';

export async function run(ctx: Context, args: string[]): Promise<CommandResult> {
  return runAgentHook(ctx, args, 'session-start', async (adapter, input, repo) => ({ text: await sessionRecap(ctx, adapter, input, repo) }));
}

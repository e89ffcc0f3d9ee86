/**
 * The frame around every agent hook: pick the adapter, read the input, find
 * the repository, run the hook's body, and turn any problem into the agent's
 * non-blocking message (exit 0, always: an agent hook's exit code can block a
 * compaction or a prompt) plus a record in the git directory for `doctor`.
 */
import type { CommandResult, Context } from '../io/context.js';
import type { Repo } from '../git/repo.js';
import { findAdapter } from './adapters/index.js';
import type { AgentAdapter, AgentInput, HookKind } from './adapters/types.js';
import { HookBudget, HOOK_BUDGET_SECONDS } from './hook-budget.js';
import { HookProblem, locateRepo, readAgentInput } from './hook-run.js';
import { badConfigValue, parseSeconds, SECONDS_EXPECTED } from '../checkpoint/config/config-values.js';
import { recordFailure } from './session-record.js';

export interface HookBodyResult {
  /** What to print on stdout (the agent's JSON), possibly empty. */
  text: string;
  /** Set when the person must hear of a problem (nothing saved, or saved only in part). */
  problem?: string | null;
}

type Body = (adapter: AgentAdapter, input: AgentInput, repo: Repo) => Promise<HookBodyResult>;

const WHAT: Record<HookKind, string> = {
  'pre-compact': 'no checkpoint saved before this compaction',
  'session-start': 'no checkpoint recap for this session',
};

export async function runAgentHook(ctx: Context, args: string[], kind: HookKind, body: Body): Promise<CommandResult> {
  const adapter = findAdapter(args[0] ?? 'claude');
  if (!adapter || args.length > 1) {
    ctx.warn(`git-checkpoint agent-${kind}: unknown arguments '${args.join(' ')}' (expected an agent name)`);
    return { outcome: 'ok' };
  }
  let repo: Repo | null = null;
  let input: AgentInput | null = null;
  const budget = new HookBudget();
  try {
    const work = async (): Promise<HookBodyResult> => {
      input = await readAgentInput(ctx, adapter);
      repo = await locateRepo(ctx, adapter, input);
      budget.setSeconds(readBudget(ctx, await repo.getConfig(BUDGET_KEY).catch(() => null)));
      return body(adapter, input, repo);
    };
    const out = await budget.race(work());
    if (!out.problem) return { outcome: 'ok', text: out.text || (adapter.quietOutput?.(kind) ?? '') };
    return { outcome: 'ok', text: out.text + (await report(ctx, adapter, kind, repo, out.problem, `git checkpoint: ${out.problem}`)) };
  } catch (err) {
    if (err instanceof HookProblem && err.quiet) {
      ctx.deps.streams.err(`git checkpoint: ${err.message}\n`);
      return { outcome: 'ok', text: adapter.quietOutput?.(kind) ?? '' };
    }
    const message = err instanceof HookProblem ? err.message : (err as Error).message.split('\n')[0]!;
    // Out of time, nothing more is started: the failure is recorded where the repository is already known.
    if (!budget.isOver) repo ??= await locateRepo(ctx, adapter, input ?? NO_INPUT).catch(() => null);
    return { outcome: 'ok', text: await report(ctx, adapter, kind, repo, message, `git checkpoint: ${WHAT[kind]}: ${message}`) };
  } finally {
    budget.stop();
  }
}

const BUDGET_KEY = 'checkpoint.agentHookTimeout';
const NO_INPUT: AgentInput = { sessionId: null, transcriptPath: null, cwd: null, trigger: null, source: null, event: null };

/**
 * The budget in seconds from `checkpoint.agentHookTimeout`. A value that is
 * not one is the hook's one warning line, as every bad value in a hook is
 * (the message `doctor` gives), and the default bounds this run.
 */
function readBudget(ctx: Context, value: string | null): number {
  if (value === null) return HOOK_BUDGET_SECONDS;
  const seconds = parseSeconds(value);
  if (seconds !== null) return seconds;
  ctx.warn(`${badConfigValue(BUDGET_KEY, value, 'other', SECONDS_EXPECTED).message}: using ${HOOK_BUDGET_SECONDS}`);
  return HOOK_BUDGET_SECONDS;
}

/** Records the failure (when there is a repository) and renders the notice. */
async function report(ctx: Context, adapter: AgentAdapter, kind: HookKind, repo: Repo | null, message: string, line: string): Promise<string> {
  ctx.warn(line);
  if (repo) {
    const failure = { at: ctx.deps.now().toISOString(), agent: adapter.name, hook: kind, message };
    await recordFailure(repo, failure).catch(() => ctx.warn('could not record the failure for git checkpoint doctor'));
  }
  return adapter.noticeOutput(line, kind);
}

/** What every real-agent test checks the same way, and prints. */
import { expect } from 'vitest';
import type { Exchange } from './model-stand-in.js';
import { HOOK_BUDGET_MS, slowestHook, type AgentRun, type HookRun } from './agent-world.js';

/** The model requests whose body carries checkpoint `id`'s recap (its SESSION_RECAP/1 lines, not merely the word). */
/** The nine tools our MCP server offers: each agent must offer all of them to the model. */
export const MCP_TOOLS = ['checkpoint_recap', 'checkpoint_status', 'checkpoint_list', 'checkpoint_show', 'checkpoint_diff', 'checkpoint_log', 'checkpoint_save', 'checkpoint_decide', 'checkpoint_synthesize'];

export function requestsWithRecap(requests: Exchange[], id: string): Exchange[] {
  return requests.filter((r) => r.raw.includes(`id|${id}|`) && r.raw.includes('RESUME_HUMAN|'));
}

/** How many times checkpoint `id`'s recap appears in one request body. */
export function recapCount(request: Exchange, id: string): number {
  return request.raw.split(`id|${id}|`).length - 1;
}

/** Fails with the agent's output when it did not end well. */
export function expectRan(run: AgentRun, what: string): void {
  expect(run.timedOut, `${what}: killed at its deadline\n${run.stdout.slice(-3000)}\n${run.stderr.slice(-3000)}`).toBe(false);
  expect(run.code, `${what}: exit ${run.code}\n${run.stdout.slice(-3000)}\n${run.stderr.slice(-3000)}`).toBe(0);
}

/** Fact 5: every agent hook ended inside the budget; prints the slowest. */
export function expectWithinBudget(agent: string, runs: HookRun[]): void {
  const hooks = runs.filter((r) => r.kind.startsWith('agent-'));
  expect(hooks.length, `${agent}: no hook ran`).toBeGreaterThan(0);
  for (const h of hooks) expect(h.code, `${agent}: ${h.kind} exit ${h.code}`).toBe(0);
  const slowest = slowestHook(runs);
  process.stdout.write(`agents: ${agent}: ${hooks.length} hook runs, slowest ${slowest} ms (budget ${HOOK_BUDGET_MS} ms)\n`);
  expect(slowest).toBeLessThan(HOOK_BUDGET_MS);
}

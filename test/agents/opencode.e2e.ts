/**
 * OpenCode, its own CLI (headless `opencode run`), against the OpenAI Chat
 * Completions stand-in (a custom provider through `@ai-sdk/openai-compatible`
 * with a small context window): the plugin and MCP server `agent install
 * opencode --project --mcp` writes are loaded; an overflowing session
 * compacts and the plugin's `experimental.session.compacting` hook saves and
 * puts the recap into the compaction prompt the model receives; a second
 * compaction does not wait on us; every hook ends inside the budget.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentBin, pinnedVersion } from './helpers/pinned.js';
import { hooksOf, makeAgentWorld, type AgentWorld } from './helpers/agent-world.js';
import { startStandIn, type Exchange, type StandIn } from './helpers/model-stand-in.js';
import { expectRan, expectWithinBudget, recapCount, requestsWithRecap } from './helpers/facts.js';

const TASK = 'Add retries to the uploader. Never retry POST requests.';
let world: AgentWorld;
let model: StandIn;
const opencode = agentBin('opencode');

const lastUser = (ex: Exchange): string => JSON.stringify(ex.body?.messages?.filter?.((m: { role: string }) => m.role === 'user').at(-1) ?? '');
const isCompaction = (ex: Exchange): boolean => lastUser(ex).includes('<conversation>');

beforeAll(async () => {
  world = makeAgentWorld('opencode');
  model = await startStandIn();
  model.answer((ex) => {
    if (ex.raw.includes('title generator')) return { text: 'Retries' };
    if (isCompaction(ex)) return { text: 'Summary: retries in the uploader; POST is never retried.', inputTokens: 1000 };
    // The answer to the second request overflows the 20,000-token window: OpenCode compacts before it goes on.
    return { text: 'Done.', inputTokens: /a test for (?:429|503)/.test(lastUser(ex)) ? 50_000 : 1000 };
  });
  const config = join(world.env.XDG_CONFIG_HOME!, 'opencode');
  mkdirSync(config, { recursive: true });
  writeFileSync(join(config, 'opencode.json'), JSON.stringify({
    $schema: 'https://opencode.ai/config.json', autoupdate: false, share: 'disabled', model: 'standin/stand-in',
    provider: { standin: { npm: '@ai-sdk/openai-compatible', name: 'Stand-in', options: { baseURL: `${model.url}/v1`, apiKey: 'stand-in-key' },
      models: { 'stand-in': { name: 'Stand-in', limit: { context: 20_000, output: 2000 } } } } },
  }));
});
afterAll(async () => {
  await model?.close();
  world?.cleanup();
});

const env = () => ({ OPENCODE_DISABLE_AUTOUPDATE: '1', OPENCODE_DISABLE_MODELS_FETCH: '1', OPENCODE_DISABLE_SHARE: '1', OPENCODE_DISABLE_LSP_DOWNLOAD: '1' });

describe(`OpenCode ${pinnedVersion('opencode')} (its CLI, headless, against a local model stand-in)`, () => {
  it('loads our plugin and MCP server; an overflowing session compacts, the plugin saves and the recap is in the compaction prompt; compacting again does not wait on us', async () => {
    world.ckpt('agent', 'install', 'opencode', '--project', '--mcp');

    // 1. A first turn (OpenCode installs its plugin package from npm into .opencode/ on first use).
    expectRan(await world.run(opencode, ['run', TASK], { env: env(), timeoutMs: 240_000 }), 'first turn');
    const first = model.modelRequests().filter((r) => !r.raw.includes('title generator')).at(-1)!;
    expect(first.raw, 'our MCP tools offered').toContain('checkpoint_recap');
    expect(world.checkpoints()).toHaveLength(0);

    // 2. A turn that overflows the window: OpenCode compacts the session, our plugin runs first.
    const from = model.requests.length;
    const second = await world.run(opencode, ['run', '--continue', 'Now add a test for 429.'], { env: env() });
    expectRan(second, 'compacting turn');
    expect(second.wallMs, 'the compaction waited').toBeLessThan(60_000);
    // One process saves and answers with the recap (--recap): no session-start run.
    expect(hooksOf(world.hookRuns(), 'agent-pre-compact').map((h) => [h.input?.hook_event_name, h.flags])).toEqual([['session.compacting', ['--recap']]]);
    expect(hooksOf(world.hookRuns(), 'agent-session-start')).toHaveLength(0);
    const [saved, ...older] = world.checkpoints();
    expect(older).toHaveLength(0);
    const compactions = model.modelRequests(from).filter(isCompaction);
    expect(compactions).toHaveLength(1);
    expect(requestsWithRecap(compactions, saved!.id)).toHaveLength(1);
    expect(recapCount(compactions[0]!, saved!.id)).toBe(1);

    // 3. Another overflowing turn compacts again: the hook answers at once and the turn is not held by it.
    const from2 = model.requests.length;
    const third = await world.run(opencode, ['run', '--continue', 'And a test for 503.'], { env: env() });
    expectRan(third, 'compacting again');
    expect(model.modelRequests(from2).filter(isCompaction)).toHaveLength(1);
    const again = hooksOf(world.hookRuns(), 'agent-pre-compact');
    expect(again).toHaveLength(2);
    expect(again[1]!.wallMs, 'the repeated compaction waited on us').toBeLessThan(5_000);
    expect(third.wallMs, 'the repeated compaction waited').toBeLessThan(60_000);

    expectWithinBudget('opencode', world.hookRuns());
    expect(await world.leftovers()).toEqual([]);
  });
});

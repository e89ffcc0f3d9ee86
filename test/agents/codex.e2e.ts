/**
 * Codex, its own CLI (headless `codex exec`, and `codex app-server` for
 * the hook list), against the OpenAI Responses stand-in: the hooks `agent
 * install codex --project --mcp` writes are loaded, and run only once the
 * person trusts them (what `/hooks` records); an automatic compaction runs
 * our save; the recap reaches the model after it once, though Codex starts
 * the session twice (`resume`, then `compact`); every hook ends inside the
 * budget.
 */
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentBin, pinnedVersion } from './helpers/pinned.js';
import { hooksOf, makeAgentWorld, type AgentWorld } from './helpers/agent-world.js';
import { startStandIn, type StandIn } from './helpers/model-stand-in.js';
import { expectRan, expectWithinBudget, recapCount, requestsWithRecap } from './helpers/facts.js';

const TASK = 'Add retries to the uploader. Never retry POST requests.';
let world: AgentWorld;
let model: StandIn;
let codexHome: string;
const codex = agentBin('codex');

interface ListedHook { key: string; eventName: string; currentHash: string; trustStatus: string; command: string }

beforeAll(async () => {
  world = makeAgentWorld('codex');
  model = await startStandIn();
  model.answer((ex) => (ex.raw.includes('CONTEXT CHECKPOINT COMPACTION')
    ? { text: 'Summary: retries in the uploader; POST is never retried.', inputTokens: 1000 }
    : { text: 'Done.', inputTokens: 100_000 }));
  codexHome = join(world.home, '.codex');
  mkdirSync(codexHome, { recursive: true });
  writeFileSync(join(codexHome, 'config.toml'), [
    'model = "gpt-5.1-codex"',
    'model_provider = "standin"',
    'model_auto_compact_token_limit = 50000',
    'check_for_update_on_startup = false',
    '[model_providers.standin]',
    'name = "stand-in"',
    `base_url = "${model.url}/v1"`,
    'env_key = "STANDIN_API_KEY"',
    'wire_api = "responses"',
    '[analytics]',
    'enabled = false',
    `[projects."${world.repo}"]`,
    'trust_level = "trusted"',
    '',
  ].join('\n'));
});
afterAll(async () => {
  await model?.close();
  world?.cleanup();
});

const env = () => ({ CODEX_HOME: codexHome, STANDIN_API_KEY: 'stand-in-key' });

/** Codex's own list of the hooks it loaded for the repository (`hooks/list` of its app server). */
async function listHooks(): Promise<ListedHook[]> {
  const run = await world.run(codex, ['app-server'], {
    env: env(), timeoutMs: 30_000,
    input: (write, end) => {
      write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { clientInfo: { name: 'test', version: '1' } } })}\n`);
      write(`${JSON.stringify({ jsonrpc: '2.0', method: 'initialized' })}\n`);
      write(`${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'hooks/list', params: { cwds: [world.repo] } })}\n`);
      setTimeout(end, 4000);
    },
  });
  const answer = run.stdout.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l)).find((m) => m.id === 2);
  expect(answer?.result, run.stderr.slice(-2000)).toBeDefined();
  return answer.result.data[0].hooks;
}

describe(`Codex ${pinnedVersion('codex')} (its CLI, headless, against a local model stand-in)`, () => {
  it('loads our hooks (run once trusted) and MCP server, saves at an automatic compaction, and injects the recap once', async () => {
    const install = world.ckpt('agent', 'install', 'codex', '--project', '--mcp');
    expect(install).toContain('.codex/hooks.json');

    // 1. Codex lists our two hooks, untrusted: a first turn runs none of them; our MCP tools are offered.
    const listed = await listHooks();
    expect(listed.map((h) => [h.eventName, h.trustStatus])).toEqual([['preCompact', 'untrusted'], ['sessionStart', 'untrusted']]);
    expectRan(await world.run(codex, ['exec', TASK], { env: env() }), 'first turn');
    expect(hooksOf(world.hookRuns(), 'agent-pre-compact')).toHaveLength(0);
    expect(model.modelRequests().at(-1)!.raw, 'our MCP tools offered').toContain('checkpoint_recap');

    // 2. The person trusts them (what /hooks records in the user's config.toml).
    appendFileSync(join(codexHome, 'config.toml'), listed.map((h) => `[hooks.state."${h.key}"]\ntrusted_hash = "${h.currentHash}"\n`).join(''));
    expect((await listHooks()).map((h) => h.trustStatus)).toEqual(['trusted', 'trusted']);

    // 3. Resumed over the compaction limit: PreCompact saves, SessionStart fires as resume and as compact, the recap goes in once.
    const from = model.requests.length;
    expectRan(await world.run(codex, ['exec', 'resume', '--last', 'Now add a test for 429.'], { env: env() }), 'compacting turn');
    const saves = hooksOf(world.hookRuns(), 'agent-pre-compact');
    expect(saves).toHaveLength(1);
    expect(saves[0]!.input).toMatchObject({ hook_event_name: 'PreCompact', trigger: 'auto', cwd: world.repo });
    expect(hooksOf(world.hookRuns(), 'agent-session-start').map((h) => h.input?.source)).toEqual(['resume', 'compact']);
    const [saved] = world.checkpoints();
    expect(saved!.title).toBe(TASK);
    const after = requestsWithRecap(model.modelRequests(from), saved!.id);
    expect(after.length).toBeGreaterThan(0);
    expect(recapCount(after[0]!, saved!.id)).toBe(1);

    // 4. Compacted again on the next turn: it does not wait on us.
    const again = await world.run(codex, ['exec', 'resume', '--last', 'Continue.'], { env: env() });
    expectRan(again, 'second compaction');
    expect(again.wallMs).toBeLessThan(20_000);
    expect(hooksOf(world.hookRuns(), 'agent-pre-compact')).toHaveLength(2);

    expectWithinBudget('codex', world.hookRuns());
    expect(await world.leftovers()).toEqual([]);
  });
});

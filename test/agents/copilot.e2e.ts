/**
 * GitHub Copilot CLI, its own CLI (headless `copilot -p`), offline
 * (`COPILOT_OFFLINE`) against the OpenAI Chat Completions stand-in as its
 * own model provider (`COPILOT_PROVIDER_BASE_URL`): the hooks and MCP server
 * `agent install copilot --project --mcp` writes are loaded once the folder
 * is trusted; `/compact`, and an automatic compaction past the prompt limit,
 * run our save (preCompact); a second `/compact`,
 * which Copilot refuses ("Nothing to compact."), does not wait on us; on
 * `--resume` the recap reaches the model (sessionStart `additionalContext`;
 * Copilot starts no session after a compaction); every hook ends inside
 * the budget.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentBin, copilotPkgCache, pinnedVersion } from './helpers/pinned.js';
import { hooksOf, makeAgentWorld, type AgentWorld } from './helpers/agent-world.js';
import { startStandIn, type StandIn } from './helpers/model-stand-in.js';
import { expectRan, expectWithinBudget, MCP_TOOLS, recapCount, requestsWithRecap } from './helpers/facts.js';

const SESSION = '7c1e4b2a-9d3f-4a61-8b5e-2f0a6c9d1e34';
const TASK = 'Add retries to the uploader. Never retry POST requests.';

let world: AgentWorld;
let model: StandIn;
const copilot = agentBin('copilot');

beforeAll(async () => {
  world = makeAgentWorld('copilot');
  model = await startStandIn();
  model.answer(() => ({ text: 'Done.', inputTokens: 1000 }));
});
afterAll(async () => {
  await model?.close();
  world?.cleanup();
});

const env = () => ({
  COPILOT_OFFLINE: 'true',
  COPILOT_PROVIDER_BASE_URL: `${model.url}/v1`,
  COPILOT_PROVIDER_API_KEY: 'stand-in-key',
  COPILOT_MODEL: 'gpt-4.1',
  COPILOT_AUTO_UPDATE: 'false',
  // Exactly "true" also trusts the folder, which loads its hooks and MCP servers (what the trust prompt does).
  COPILOT_ALLOW_ALL: 'true',
  COPILOT_PKG_CACHE_HOME: copilotPkgCache(),
});

/** The JSONL events `copilot -p --output-format json` printed. */
function events(stdout: string): { type: string; data?: any }[] {
  return stdout.split('\n').filter((l) => l.startsWith('{')).flatMap((l) => {
    try {
      return [JSON.parse(l)];
    } catch {
      return [];
    }
  });
}

const prompt = (text: string, ...more: string[]) => ['-p', text, ...more, '--allow-all-tools', '--output-format', 'json'];

describe(`GitHub Copilot CLI ${pinnedVersion('copilot')} (its CLI, headless and offline, against a local model stand-in)`, () => {
  it('loads our hooks and MCP server, saves at /compact, is not held up by a refused /compact, and puts the recap back on resume', async () => {
    world.ckpt('agent', 'install', 'copilot', '--project', '--mcp');

    // 1. A first turn: our MCP server is connected from the workspace and its nine tools are offered to the model.
    const first = await world.run(copilot, prompt(TASK, '--session-id', SESSION), { env: env() });
    expectRan(first, 'first turn');
    const servers = events(first.stdout).find((e) => e.type === 'session.mcp_servers_loaded')?.data?.servers ?? [];
    expect(servers).toContainEqual(expect.objectContaining({ name: 'git-checkpoint', status: 'connected', source: 'workspace' }));
    const offered = model.modelRequests().at(-1)!;
    for (const tool of MCP_TOOLS) expect(offered.raw, `MCP tool ${tool} offered`).toContain(`git-checkpoint-${tool}`);
    expect(hooksOf(world.hookRuns(), 'agent-session-start').map((h) => h.input)).toEqual([
      expect.objectContaining({ sessionId: SESSION, source: 'new', cwd: world.repo }),
    ]);
    expect(world.checkpoints()).toHaveLength(0);

    // 2. /compact: preCompact runs our save before Copilot compacts.
    const compact = await world.run(copilot, prompt('/compact', '--resume', SESSION), { env: env() });
    expectRan(compact, '/compact');
    const saves = hooksOf(world.hookRuns(), 'agent-pre-compact');
    expect(saves).toHaveLength(1);
    expect(saves[0]!.input).toMatchObject({ sessionId: SESSION, trigger: 'manual', cwd: world.repo });
    expect(String(saves[0]!.input?.transcriptPath)).toMatch(new RegExp(`/\\.copilot/session-state/${SESSION}/events\\.jsonl$`));
    const [saved, ...older] = world.checkpoints();
    expect(older).toHaveLength(0);
    expect(saved!.title).toBe(TASK);

    // 3. /compact again with nothing new: Copilot has fired preCompact before it refuses; we save nothing and do not hold it up.
    const again = await world.run(copilot, prompt('/compact', '--resume', SESSION), { env: env(), timeoutMs: 60_000 });
    expect(again.timedOut).toBe(false);
    expect(`${again.stdout}${again.stderr}`).toContain('Nothing to compact.');
    expect(again.wallMs, 'a refused /compact waited').toBeLessThan(15_000);
    expect(hooksOf(world.hookRuns(), 'agent-pre-compact')).toHaveLength(2);
    expect(world.checkpoints().map((c) => c.id)).toEqual([saved!.id]);

    // 4. A resumed session: sessionStart(resume) answers the recap, which the model receives once.
    const from = model.requests.length;
    const resumed = await world.run(copilot, prompt('Continue.', '--resume', SESSION), { env: env() });
    expectRan(resumed, 'resume');
    expect(hooksOf(world.hookRuns(), 'agent-session-start').map((h) => h.input?.source)).toEqual(['new', 'resume']);
    const after = model.modelRequests(from);
    expect(requestsWithRecap(after, saved!.id)).toHaveLength(after.length);
    expect(after.length).toBeGreaterThan(0);
    expect(recapCount(after[0]!, saved!.id)).toBe(1);

    // 5. A new session in the same repository did not lose any context: no recap.
    const fresh = model.requests.length;
    expectRan(await world.run(copilot, prompt('Hello.'), { env: env() }), 'a new session');
    expect(hooksOf(world.hookRuns(), 'agent-session-start').map((h) => h.input?.source)).toEqual(['new', 'resume', 'new']);
    expect(model.modelRequests(fresh).length).toBeGreaterThan(0);
    expect(requestsWithRecap(model.modelRequests(fresh), saved!.id)).toHaveLength(0);

    expectWithinBudget('copilot', world.hookRuns());
    expect(await world.leftovers()).toEqual([]);
  });

  it('an automatic compaction (prompt past the limit) runs our save with trigger auto', async () => {
    const auto = makeAgentWorld('copilot-auto');
    try {
      auto.ckpt('agent', 'install', 'copilot', '--project', '--mcp');
      // A 16,000-token prompt limit: the second turn's prompt passes it and Copilot starts a compaction.
      const small = { ...env(), COPILOT_PROVIDER_MAX_PROMPT_TOKENS: '16000' };
      const session = '7c1e4b2a-9d3f-4a61-8b5e-2f0a6c9d1e35';
      expectRan(await auto.run(copilot, prompt(`${TASK} ${'The uploader sends files in chunks. '.repeat(80)}`, '--session-id', session), { env: small }), 'first turn');
      expectRan(await auto.run(copilot, prompt(`Now add a test for 429. ${'Each chunk is retried alone. '.repeat(80)}`, '--resume', session), { env: small }), 'second turn');
      const saves = hooksOf(auto.hookRuns(), 'agent-pre-compact');
      expect(saves.length).toBeGreaterThan(0);
      expect(saves[0]!.input).toMatchObject({ sessionId: session, trigger: 'auto' });
      const [latest] = auto.checkpoints();
      expect(latest!.title.startsWith(TASK)).toBe(true);
      expect(auto.ckpt('show', latest!.id)).toContain('Saved automatically before an automatic compaction (GitHub Copilot CLI session');
      expectWithinBudget('copilot (auto)', auto.hookRuns());
      expect(await auto.leftovers()).toEqual([]);
    } finally {
      auto.cleanup();
    }
  });
});

/**
 * Claude Code, its own CLI (headless `claude -p`), against the Anthropic
 * Messages stand-in: the hooks and MCP server `agent install claude
 * --project --mcp` writes are loaded; `/compact` runs our save; the recap
 * reaches the model after the compaction and on `--resume`; a `/compact` with
 * nothing to compact (Claude Code refuses it) does not wait on us; every hook
 * ends inside the budget.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentBin, pinnedVersion } from './helpers/pinned.js';
import { hooksOf, makeAgentWorld, type AgentWorld } from './helpers/agent-world.js';
import { startStandIn, type Exchange, type StandIn } from './helpers/model-stand-in.js';
import { expectRan, expectWithinBudget, MCP_TOOLS, recapCount, requestsWithRecap } from './helpers/facts.js';

const SESSION = '5f0c2a8e-3b1d-4c52-9e07-6a1f2b3c4d5e';
const TASK = 'Add retries to the uploader. Never retry POST requests.';

/** The text of the last user message of a Messages request. */
function lastUserText(ex: Exchange): string {
  const last = ex.body?.messages?.at?.(-1);
  if (!last) return '';
  return typeof last.content === 'string' ? last.content : (last.content ?? []).map((b: { text?: string }) => b.text ?? '').join('\n');
}

let world: AgentWorld;
let model: StandIn;
const claude = agentBin('claude');

beforeAll(async () => {
  world = makeAgentWorld('claude');
  model = await startStandIn();
  model.answer((ex) => (/summary/i.test(lastUserText(ex))
    ? { text: '<analysis>The user wants retries.</analysis>\n<summary>1. The user asked for retries in the uploader; POST is never retried.</summary>' }
    : { text: 'Done.' }));
});
afterAll(async () => {
  await model?.close();
  world?.cleanup();
});

const env = () => ({
  ANTHROPIC_BASE_URL: model.url,
  ANTHROPIC_API_KEY: 'sk-ant-stand-in',
  DISABLE_AUTOUPDATER: '1',
  DISABLE_TELEMETRY: '1',
  DISABLE_ERROR_REPORTING: '1',
  CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
});

describe(`Claude Code ${pinnedVersion('claude')} (its CLI, headless, against a local model stand-in)`, () => {
  it('loads our hooks and MCP server, saves at /compact, puts the recap back after it and on resume, and never waits on us', async () => {
    world.ckpt('agent', 'install', 'claude', '--project', '--mcp');

    // 1. A first turn: our MCP server's nine tools are offered to the model.
    const first = await world.run(claude, ['-p', '--session-id', SESSION, TASK, '--output-format', 'json'], { env: env() });
    expectRan(first, 'first turn');
    const offered = model.modelRequests().at(-1)!;
    for (const tool of MCP_TOOLS) expect(offered.raw, `MCP tool ${tool} offered`).toContain(`mcp__git-checkpoint__${tool}`);

    // 2. /compact, then a question, in one resumed session: PreCompact saves, SessionStart(compact) injects.
    const from = model.requests.length;
    const compact = await world.run(claude, ['-p', '--resume', SESSION, '--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose'], {
      env: env(),
      input: [
        JSON.stringify({ type: 'user', message: { role: 'user', content: '/compact' } }),
        JSON.stringify({ type: 'user', message: { role: 'user', content: 'What is next?' } }),
        '',
      ].join('\n'),
    });
    expectRan(compact, '/compact');
    expect(compact.stdout.includes('"mcp_servers":[{"name":"git-checkpoint","status":"connected"'), 'our MCP server connected').toBe(true);
    expect(compact.stdout.includes('Compacted PreCompact [command -v git-checkpoint'), 'PreCompact ran our hook').toBe(true);
    const saves = hooksOf(world.hookRuns(), 'agent-pre-compact');
    expect(saves).toHaveLength(1);
    expect(saves[0]!.input).toMatchObject({ session_id: SESSION, hook_event_name: 'PreCompact', trigger: 'manual', cwd: world.repo });
    const [saved, ...older] = world.checkpoints();
    expect(older).toHaveLength(0);
    expect(saved!.title).toBe(TASK);
    const starts = hooksOf(world.hookRuns(), 'agent-session-start').map((h) => h.input?.source);
    expect(starts).toEqual(['resume', 'compact']);
    const after = model.modelRequests(from).filter((r) => r.raw.includes('What is next?') && !/summary/i.test(lastUserText(r)));
    expect(after).toHaveLength(1);
    expect(requestsWithRecap(after, saved!.id)).toHaveLength(1);
    expect(recapCount(after[0]!, saved!.id)).toBe(1);

    // 3. /compact twice: the first compacts what was said since; the second has nothing to compact and Claude
    //    Code refuses it ("Not enough messages to compact"): our hook neither saves for it nor holds it up.
    const twice = await world.run(claude, ['-p', '--resume', SESSION, '--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose'], {
      env: env(),
      timeoutMs: 60_000,
      input: [1, 2].map(() => JSON.stringify({ type: 'user', message: { role: 'user', content: '/compact' } })).join('\n') + '\n',
    });
    expectRan(twice, 'repeated /compact');
    expect(twice.stdout).toContain('Not enough messages to compact');
    expect(twice.wallMs, 'a repeated /compact waited').toBeLessThan(15_000);
    expect(hooksOf(world.hookRuns(), 'agent-pre-compact')).toHaveLength(3);
    const afterTwice = world.checkpoints();
    expect(afterTwice).toHaveLength(2);
    expect(afterTwice[0]!.title).toBe(TASK);
    const latest = afterTwice[0]!;

    // 4. A resumed session: the recap is in the first request it sends.
    const before = model.requests.length;
    const resumed = await world.run(claude, ['-p', '--resume', SESSION, 'Continue.', '--output-format', 'json'], { env: env() });
    expectRan(resumed, 'resume');
    expect(requestsWithRecap(model.modelRequests(before), latest.id).length).toBeGreaterThan(0);

    expectWithinBudget('claude', world.hookRuns());
    expect(await world.leftovers()).toEqual([]);
  });
});

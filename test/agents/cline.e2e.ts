/**
 * Cline, its own CLI (headless `cline --json <prompt>`), against the OpenAI
 * Chat Completions stand-in as an `openai-compatible` provider. What the
 * CLI allows: the MCP server `agent install cline --user --mcp` registers is
 * started and its tools are offered to the model. Its hooks cannot do their
 * work with this CLI, as its installed source shows (@cline/core as
 * bundled in the executable, the hook-file map and the run-start hooks): the hook file `PreCompact` maps to no event (so it never
 * runs), and `TaskStart`/`TaskResume` run detached with their answer
 * ignored unless the host sets `blockingRunStartHooks`, which the CLI does
 * not. The last test fails when a release wires PreCompact, so the adapter
 * is looked at again. Cline starts a hub daemon that outlives the run (on a
 * free port here, `CLINE_HUB_PORT`); the test stops it.
 */
import { readFileSync, realpathSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentBin, pinnedVersion } from './helpers/pinned.js';
import { makeAgentWorld, type AgentWorld } from './helpers/agent-world.js';
import { startStandIn, type StandIn } from './helpers/model-stand-in.js';
import { expectRan } from './helpers/facts.js';

const TASK = 'Add retries to the uploader. Never retry POST requests.';
const MCP_TOOLS = ['checkpoint_recap', 'checkpoint_status', 'checkpoint_list', 'checkpoint_show', 'checkpoint_diff', 'checkpoint_log', 'checkpoint_save', 'checkpoint_decide', 'checkpoint_synthesize'];
let world: AgentWorld;
let model: StandIn;
let env: Record<string, string>;
const cline = agentBin('cline');

/** A free port on 127.0.0.1 for Cline's hub daemon (its default, 25463, may be a person's own hub). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Cline starts a hub daemon that outlives the run by design: it is Cline's, not ours. */
const HUB = '--cline-hub-daemon';

beforeAll(async () => {
  world = makeAgentWorld('cline');
  model = await startStandIn();
  model.answer(() => ({ text: 'Done.', inputTokens: 1000 }));
  env = { CLINE_HUB_PORT: String(await freePort()) };
});
afterAll(async () => {
  await model?.close();
  world?.cleanup();
});

describe(`Cline ${pinnedVersion('cline')} (its CLI, headless, against a local model stand-in)`, () => {
  it('starts the MCP server our installer registers and offers its tools; runs none of our hooks on a new task', async () => {
    expectRan(await world.run(cline, ['auth', '-p', 'openai-compatible', '-k', 'stand-in-key', '-m', 'stand-in', '-b', `${model.url}/v1`], { env }), 'cline auth');
    world.ckpt('agent', 'install', 'cline', '--user', '--mcp');
    world.ckpt('agent', 'install', 'cline', '--project');

    const run = await world.run(cline, ['--json', '-P', 'openai-compatible', '-m', 'stand-in', TASK], { env });
    expectRan(run, 'a task');
    expect(run.stdout).toContain('"type":"run_result","finishReason":"completed"');
    const asked = model.modelRequests().at(-1)!;
    for (const tool of MCP_TOOLS) expect(asked.raw, `MCP tool ${tool} offered`).toContain(tool);
    // Our MCP server's run is logged when it has ended: wait for what Cline started to end first.
    const left = await world.leftovers();
    for (const hub of left.filter((p) => p.command.includes(HUB))) process.kill(hub.pid, 'SIGKILL');
    expect(left.filter((p) => !p.command.includes(HUB))).toEqual([]);
    const runs = world.hookRuns();
    expect(runs.filter((r) => r.kind === 'mcp')).toHaveLength(1);
    expect(runs.filter((r) => r.kind.startsWith('agent-'))).toEqual([]);
  });

  it('its source maps the PreCompact hook file to no event and runs TaskStart/TaskResume without reading their answer', () => {
    // The compiled executable (Bun, with @cline/core bundled) carries the code it runs as text.
    const exe = readFileSync(realpathSync(cline));
    const has = (s: string) => exe.indexOf(s) >= 0;
    expect(has('["TaskResume"]:"agent_resume"')).toBe(true);
    expect(has('["PreCompact"]:void 0')).toBe(true);
    expect(has('if(!Z.blockingRunStartHooks)')).toBe(true);
    expect(has('blockingRunStartHooks:!0') || has('blockingRunStartHooks:true')).toBe(false);
  });
});

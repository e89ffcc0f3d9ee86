/**
 * Cline, its own CLI (headless `cline --json <prompt>`), against the OpenAI
 * Chat Completions stand-in as an `openai-compatible` provider. What the CLI
 * allows: the MCP server `agent install cline --user --mcp` registers is
 * started and its tools are offered to the model; the plugin `agent install
 * cline` writes (`.cline/plugins/`, `~/.cline/plugins/`) is loaded: a task
 * that overflows (a first answer that says it used 400,000 tokens, then eight
 * large files read at once) is compacted, the plugin saves a checkpoint with
 * the messages as the transcript, and the first model call after the
 * compaction carries its recap once. A task is resumed (`--id`) only in the
 * terminal UI, so the plugin's resume branch is not driven here; the source
 * checks say so and fail when a release changes it.
 *
 * Its hook files cannot do their work with this CLI, as its installed source
 * shows (@cline/core as bundled in the executable, the hook-file map and the
 * run-start hooks): the hook file `PreCompact` maps to no event (so it never
 * runs), and `TaskStart`/`TaskResume` run detached with their answer ignored
 * unless the host sets `blockingRunStartHooks`, which the CLI does not. Cline
 * starts a hub daemon that outlives the run (on a free port here,
 * `CLINE_HUB_PORT`); the tests stop it.
 */
import { readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentBin, pinnedVersion } from './helpers/pinned.js';
import { hooksOf, makeAgentWorld, type AgentWorld, type HookRun } from './helpers/agent-world.js';
import { startStandIn, type StandIn } from './helpers/model-stand-in.js';
import { expectRan, expectWithinBudget, MCP_TOOLS, recapCount, requestsWithRecap } from './helpers/facts.js';

const TASK = 'Add retries to the uploader. Never retry POST requests.';
const COMPACT_TASK = 'Read the uploader notes. Never retry POST requests.';
/** Eight files of ~48,000 characters (the most one read returns): read at once, past Cline's compaction threshold. */
const NOTES = 8;
const notes = (i: number) => `// uploader notes, part ${i}\n${'retry the GET, never the POST; '.repeat(3)}\n`.repeat(400);
const notePaths = () => Array.from({ length: NOTES }, (_, i) => ({ path: join(world.repo, `notes-${i}.txt`) }));
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

/** Stops Cline's hub daemon; nothing else of the run is left. */
async function stopHub(): Promise<void> {
  const left = await world.leftovers();
  for (const hub of left.filter((p) => p.command.includes(HUB))) process.kill(hub.pid, 'SIGKILL');
  expect(left.filter((p) => !p.command.includes(HUB))).toEqual([]);
}

/** The shim's records once `count` agent hooks have ended since record `since` (the plugin's run beside Cline, after it may have exited). */
async function hooksEnded(count: number, since = 0): Promise<HookRun[]> {
  for (let i = 0; i < 100; i++) {
    const runs = world.hookRuns();
    if (runs.slice(since).filter((r) => r.kind.startsWith('agent-')).length >= count) return runs.slice(since);
    await new Promise((r) => setTimeout(r, 200));
  }
  return world.hookRuns().slice(since);
}

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
  it('starts the MCP server our installer registers and offers its tools; runs none of our hooks on a new task (plugin in both places)', async () => {
    expectRan(await world.run(cline, ['auth', '-p', 'openai-compatible', '-k', 'stand-in-key', '-m', 'stand-in', '-b', `${model.url}/v1`], { env }), 'cline auth');
    world.ckpt('agent', 'install', 'cline', '--user', '--mcp');
    world.ckpt('agent', 'install', 'cline', '--project');

    const run = await world.run(cline, ['--json', '-P', 'openai-compatible', '-m', 'stand-in', TASK], { env });
    expectRan(run, 'a task');
    expect(run.stdout).toContain('"type":"run_result","finishReason":"completed"');
    const asked = model.modelRequests().at(-1)!;
    for (const tool of MCP_TOOLS) expect(asked.raw, `MCP tool ${tool} offered`).toContain(tool);
    // Our MCP server's run is logged when it has ended: wait for what Cline started to end first.
    await stopHub();
    const runs = world.hookRuns();
    expect(runs.filter((r) => r.kind === 'mcp')).toHaveLength(1);
    expect(runs.filter((r) => r.kind.startsWith('agent-'))).toEqual([]);
  });

  it('compacts an overflowing task: the plugin saves (with the messages as the transcript) and the next model call carries the recap, once', async () => {
    for (let i = 0; i < NOTES; i++) writeFileSync(join(world.repo, `notes-${i}.txt`), notes(i));
    const from = model.requests.length;
    model.answer((ex) => {
      if (ex.raw.includes('Summarize this session')) return { text: 'Summary: the uploader notes were read.', inputTokens: 1000 };
      if (ex.raw.includes('uploader notes, part')) return { text: 'Done.', inputTokens: 1000 };
      // The first answer says it used 400,000 tokens: Cline takes its estimate as 4x low and compacts before the next call.
      return { text: 'Reading the notes.', tools: [{ name: 'read_files', args: { files: notePaths() } }], inputTokens: 400_000 };
    });
    const run = await world.run(cline, ['--json', '-P', 'openai-compatible', '-m', 'stand-in', COMPACT_TASK], { env });
    expectRan(run, 'a compacting task');
    expect(run.stdout).toContain('"message":"auto-compacted"');
    expect(run.stdout).toContain('"type":"run_result","finishReason":"completed"');
    // The plugin is in the project and the user folder: Cline runs one (the same name overrides), so one save.
    const runs = await hooksEnded(1);
    const save = hooksOf(runs, 'agent-pre-compact');
    expect(save).toHaveLength(1);
    // The save answers with the recap (--recap): one process, no session-start run.
    expect(save[0]!.flags).toEqual(['--recap']);
    expect(save[0]!.input).toMatchObject({ taskId: expect.any(String), workspaceRoots: [realpathSync(world.repo)], preCompact: { contextJsonPath: expect.any(String) } });
    const [saved] = world.checkpoints();
    expect(saved!.title).toContain('Never retry POST requests.');
    expect(saved!.title).not.toContain('user_input');
    expect(hooksOf(runs, 'agent-session-start')).toHaveLength(0);

    const asked = model.modelRequests(from);
    const summary = asked.findIndex((r) => r.raw.includes('Summarize this session'));
    expect(summary, 'Cline asked the model for a summary').toBeGreaterThan(0);
    const after = asked.slice(summary + 1);
    expect(after.length).toBeGreaterThan(0);
    expect(recapCount(after[0]!, saved!.id), 'the first call after the compaction carries the recap once').toBe(1);
    expect(requestsWithRecap(asked.slice(0, summary + 1), saved!.id)).toEqual([]);
    expectWithinBudget('cline', runs);
    await stopHub();
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

  it('its source: a resumed task (--id) runs only in the terminal UI, and a plugin hook has 3 s', () => {
    // What the plugin's resume branch rests on is read here, not driven: headless (--json) the CLI cannot resume a task.
    const exe = readFileSync(realpathSync(cline));
    const has = (s: string) => exe.indexOf(s) >= 0;
    expect(has('process.env.CLINE_HOOK_AGENT_RESUME="1"}else delete process.env.CLINE_HOOK_AGENT_RESUME;if(q)r={...r,interactive:!0,prompt:void 0}')).toBe(true);
    expect(has('hookTimeoutMs,3000)')).toBe(true);
  });
});

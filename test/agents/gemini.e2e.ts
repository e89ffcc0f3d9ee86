/**
 * Gemini CLI, its own CLI (headless `gemini -p`), against the Gemini API
 * stand-in (streamGenerateContent, generateContent): the hooks and MCP
 * server `agent install gemini --project --mcp` writes are loaded (in a
 * folder the person trusted); PreCompress, which Gemini CLI fires before
 * every model turn, saves only before the turn that compresses; the recap
 * reaches the model on resume, once; every hook ends inside the budget.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentBin, pinnedVersion } from './helpers/pinned.js';
import { hooksOf, makeAgentWorld, type AgentWorld } from './helpers/agent-world.js';
import { startStandIn, type StandIn } from './helpers/model-stand-in.js';
import { expectRan, expectWithinBudget, recapCount, requestsWithRecap } from './helpers/facts.js';

const TASK = 'Add retries to the uploader. Never retry POST requests.';
const READ = 'Read the README please.';
let world: AgentWorld;
let model: StandIn;
const gemini = agentBin('gemini');

beforeAll(async () => {
  world = makeAgentWorld('gemini');
  model = await startStandIn();
  model.answer((ex) => {
    if (ex.raw.includes('state_snapshot')) return { text: '<state_snapshot>Retries in the uploader; POST is never retried.</state_snapshot>', inputTokens: 2000 };
    if (ex.raw.includes('functionResponse')) return { text: 'Done.', inputTokens: 3000 };
    // A big prompt: the next model turn compresses (0.5 of the 1,048,576-token window).
    if (ex.raw.endsWith(`${READ}"}],"role":"user"}],"systemInstruction"`) || ex.raw.includes(`"text":"${READ}"}]`)) return { tools: [{ name: 'read_file', args: { file_path: 'README.md' } }], inputTokens: 900_000 };
    return { text: 'Done.', inputTokens: 100 };
  });
  const settings = join(world.home, '.gemini');
  mkdirSync(settings, { recursive: true });
  writeFileSync(join(settings, 'settings.json'), JSON.stringify({
    security: { auth: { selectedType: 'gemini-api-key' } },
    privacy: { usageStatisticsEnabled: false },
    general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
  }));
  // What "trust this folder" in the interactive CLI records.
  writeFileSync(join(settings, 'trustedFolders.json'), JSON.stringify({ [world.repo]: 'TRUST_FOLDER' }));
});
afterAll(async () => {
  await model?.close();
  world?.cleanup();
});

const env = () => ({ GOOGLE_GEMINI_BASE_URL: model.url, GEMINI_API_KEY: 'stand-in-key' });
const ask = (prompt: string, resume: boolean) => world.run(gemini, ['-m', 'gemini-2.5-flash', ...(resume ? ['--resume', 'latest'] : []), '-p', prompt, '--output-format', 'json'], { env: env() });

describe(`Gemini CLI ${pinnedVersion('gemini')} (its CLI, headless, against a local model stand-in)`, () => {
  it('loads our hooks and MCP server, saves only before the turn that compresses, and puts the recap back once on resume', async () => {
    world.ckpt('agent', 'install', 'gemini', '--project', '--mcp');

    // 1. A small first turn: PreCompress fires, Gemini CLI does not compress, nothing is saved.
    expectRan(await ask(TASK, false), 'first turn');
    expect(model.modelRequests().at(-1)!.raw, 'our MCP tools offered').toContain('checkpoint_recap');
    const pre = hooksOf(world.hookRuns(), 'agent-pre-compact');
    expect(pre.length).toBeGreaterThan(0);
    expect(pre[0]!.input).toMatchObject({ hook_event_name: 'PreCompress', trigger: 'auto', cwd: world.repo });
    expect(String(pre[0]!.input!.transcript_path)).toMatch(/\/chats\/session-.*\.jsonl$/);
    expect(world.checkpoints()).toHaveLength(0);

    // 2. A turn whose prompt reaches the threshold: the next model turn compresses, and our save comes first.
    const from = model.requests.length;
    expectRan(await ask(READ, true), 'compressing turn');
    const summaries = model.modelRequests(from).filter((r) => r.raw.includes('state_snapshot') && !r.streamed);
    expect(summaries.length, 'Gemini CLI compressed').toBeGreaterThan(0);
    const [saved, ...older] = world.checkpoints();
    expect(older).toHaveLength(0);
    expect(saved!.title).toBe(TASK);

    // 3. Resumed: SessionStart(resume) injects the recap; BeforeAgent does not inject it again; nothing is saved.
    const before = model.requests.length;
    const resumed = await ask('What is next?', true);
    expectRan(resumed, 'resume');
    expect(resumed.wallMs, 'a turn after the compression waited').toBeLessThan(30_000);
    const withRecap = requestsWithRecap(model.modelRequests(before), saved!.id);
    expect(withRecap.length).toBeGreaterThan(0);
    expect(recapCount(withRecap[0]!, saved!.id)).toBe(1);
    expect(world.checkpoints()).toHaveLength(1);

    expectWithinBudget('gemini', world.hookRuns());
    expect(await world.leftovers()).toEqual([]);
  });
});

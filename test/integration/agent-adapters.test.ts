/**
 * Each of the seven agents, as the agent itself would drive us: install into
 * a temporary home and repository, run the installed hook command the way the
 * agent runs it (its stdin JSON, environment and cwd), see a checkpoint saved
 * before compaction and the recap come back in the agent's shape within its
 * budget, then uninstall and find the files byte for byte as they were.
 */
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSandbox, runProcess, type Sandbox } from '../helpers/sandbox.js';
import { claudeTranscript } from '../helpers/transcript.js';

let sb: Sandbox;
beforeAll(() => {
  sb = makeSandbox();
});
afterAll(() => sb.cleanup());

const SESSION = '7d3e9f10-2b4c-4d5e-8f60-718293a4b5c6';
const TASK = 'Make the importer resumable';
const home = () => sb.env.HOME!;
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8'));

interface Case {
  agent: string;
  /** The file the hooks go into, and text already there that uninstall must give back. */
  settings?: (dir: string) => string;
  before?: string;
  /** Writes the agent's transcript for the session; returns its path (null: the agent hands none). */
  transcript: (dir: string) => string | null;
  /** Runs the installed pre-compact / session-start hook as the agent does; returns stdout. */
  preCompact: (dir: string, transcript: string | null) => Promise<string>;
  sessionStart: (dir: string) => Promise<string>;
  /** The recap inside the agent's session-start answer. */
  recap: (stdout: string) => string;
  budget: number;
}

async function sh(command: string, cwd: string, input: unknown, env: Record<string, string> = {}): Promise<string> {
  const res = await runProcess('sh', ['-c', command], cwd, { ...sb.env, ...env }, JSON.stringify(input));
  expect(res.code, res.stderr).toBe(0);
  return res.stdout;
}

function writeFile(path: string, text: string): string {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
  return path;
}

const line = (o: unknown) => `${JSON.stringify(o)}\n`;

const CASES: Case[] = [
  {
    agent: 'claude',
    settings: (dir) => join(dir, '.claude', 'settings.local.json'),
    before: '{\n  "permissions": {\n    "allow": ["Bash(npm test:*)"]\n  }\n}\n',
    transcript: (dir) => writeFile(join(home(), '.claude', 'projects', 'p', `${SESSION}.jsonl`), claudeTranscript({ cwd: dir, session: SESSION, turns: [{ type: 'user', content: TASK }] })),
    preCompact: (dir, t) => sh(read(join(dir, '.claude', 'settings.local.json')).hooks.PreCompact[0].hooks[0].command, dir,
      { session_id: SESSION, transcript_path: t, cwd: dir, hook_event_name: 'PreCompact', trigger: 'auto', custom_instructions: '' }, { CLAUDE_PROJECT_DIR: dir }),
    sessionStart: (dir) => sh(read(join(dir, '.claude', 'settings.local.json')).hooks.SessionStart[0].hooks[0].command, dir,
      { session_id: SESSION, transcript_path: 'x', cwd: dir, hook_event_name: 'SessionStart', source: 'compact' }, { CLAUDE_PROJECT_DIR: dir }),
    recap: (out) => JSON.parse(out).hookSpecificOutput.additionalContext,
    budget: 10_000,
  },
  {
    agent: 'codex',
    settings: () => join(home(), '.codex', 'hooks.json'),
    before: '{\n  "hooks": {\n    "Stop": [\n      {\n        "hooks": [{"type": "command", "command": "notify-send done"}]\n      }\n    ]\n  }\n}\n',
    transcript: (dir) => writeFile(join(home(), '.codex', 'sessions', '2026', '11', '30', `rollout-2026-11-30T09-00-00-${SESSION}.jsonl`), [
      line({ timestamp: '2026-11-30T09:00:00Z', type: 'session_meta', payload: { id: SESSION, cwd: dir, originator: 'codex_cli_rs', cli_version: '0.130.0' } }),
      line({ timestamp: '2026-11-30T09:00:01Z', type: 'response_item', payload: { type: 'message', role: 'user', content: [{ type: 'input_text', text: TASK }] } }),
      line({ timestamp: '2026-11-30T09:00:02Z', type: 'response_item', payload: { type: 'custom_tool_call', name: 'apply_patch', call_id: 'c1', input: '*** Begin Patch\n*** Update File: README.md\n@@\n-# demo\n+# demo!\n*** End Patch\n' } }),
    ].join('')),
    preCompact: (dir, t) => sh(read(join(home(), '.codex', 'hooks.json')).hooks.PreCompact[0].hooks[0].command, dir,
      { session_id: SESSION, turn_id: 't1', transcript_path: t, cwd: dir, hook_event_name: 'PreCompact', model: 'gpt-5.5', trigger: 'auto' }),
    sessionStart: (dir) => sh(read(join(home(), '.codex', 'hooks.json')).hooks.SessionStart[0].hooks[0].command, dir,
      { session_id: SESSION, transcript_path: null, cwd: dir, hook_event_name: 'SessionStart', model: 'gpt-5.5', source: 'compact' }),
    recap: (out) => JSON.parse(out).hookSpecificOutput.additionalContext,
    budget: 6_000,
  },
  {
    agent: 'gemini',
    settings: () => join(home(), '.gemini', 'settings.json'),
    before: '{\n  "theme": "GitHub",\n  "hooksConfig": { "enabled": true }\n}\n',
    transcript: () => writeFile(join(home(), '.gemini', 'tmp', 'h', 'chats', 'session-2026-11-30T09-00.json'), JSON.stringify({
      sessionId: SESSION, projectHash: 'h', startTime: '2026-11-30T09:00:00Z', lastUpdated: '2026-11-30T09:05:00Z',
      messages: [
        { id: 'm1', timestamp: '2026-11-30T09:00:00Z', type: 'user', content: TASK },
        { id: 'm2', timestamp: '2026-11-30T09:01:00Z', type: 'gemini', content: 'Reading it.', toolCalls: [{ id: 't1', name: 'read_file', args: { file_path: 'README.md' }, status: 'success' }] },
      ],
    }, null, 2)),
    preCompact: (dir, t) => sh(read(join(home(), '.gemini', 'settings.json')).hooks.PreCompress[0].hooks[0].command, dir,
      { session_id: SESSION, transcript_path: t, cwd: dir, hook_event_name: 'PreCompress', timestamp: '2026-11-30T09:05:00Z', trigger: 'auto' }, { GEMINI_PROJECT_DIR: dir }),
    sessionStart: (dir) => sh(read(join(home(), '.gemini', 'settings.json')).hooks.BeforeAgent[0].hooks[0].command, dir,
      { session_id: SESSION, transcript_path: 'x', cwd: dir, hook_event_name: 'BeforeAgent', timestamp: '2026-11-30T09:06:00Z', prompt: 'go on' }, { GEMINI_PROJECT_DIR: dir }),
    recap: (out) => JSON.parse(out).hookSpecificOutput.additionalContext,
    budget: 10_000,
  },
  {
    agent: 'cursor',
    settings: () => join(home(), '.cursor', 'hooks.json'),
    before: '{\n  "version": 1,\n  "hooks": {\n    "afterFileEdit": [{ "command": "./format.sh" }]\n  }\n}\n',
    transcript: () => writeFile(join(home(), '.cursor', 'projects', 'p', 'agent-transcripts', `${SESSION}.jsonl`), [
      line({ role: 'user', message: { content: [{ type: 'text', text: `<user_query>\n${TASK}\n</user_query>` }] } }),
      line({ role: 'assistant', message: { content: [{ type: 'text', text: 'On it.\n<!-- ckpt decision: keep a cursor file | reasoning: restarts resume -->' }] } }),
    ].join('')),
    preCompact: (dir, t) => sh(read(join(home(), '.cursor', 'hooks.json')).hooks.preCompact[0].command, dir,
      { conversation_id: SESSION, generation_id: 'g1', model: 'claude-4.5-sonnet', hook_event_name: 'preCompact', cursor_version: '2.1.0', workspace_roots: [dir],
        transcript_path: t, trigger: 'auto', context_usage_percent: 91, context_tokens: 180000, context_window_size: 200000, message_count: 40, messages_to_compact: 30, is_first_compaction: true },
      { CURSOR_PROJECT_DIR: dir }),
    sessionStart: (dir) => sh(read(join(home(), '.cursor', 'hooks.json')).hooks.sessionStart[0].command, dir,
      { conversation_id: SESSION, session_id: SESSION, hook_event_name: 'sessionStart', workspace_roots: [dir], is_background_agent: false, composer_mode: 'agent' },
      { CURSOR_PROJECT_DIR: dir }),
    recap: (out) => JSON.parse(out).additional_context,
    budget: 10_000,
  },
  {
    agent: 'copilot',
    settings: () => join(home(), '.copilot', 'hooks', 'git-checkpoint.json'),
    transcript: () => writeFile(join(home(), '.copilot', 'session-state', SESSION, 'events.jsonl'), [
      line({ type: 'session.start', data: { sessionId: SESSION, copilotVersion: '0.0.400' }, id: 'e1', timestamp: '2026-11-30T09:00:00Z' }),
      line({ type: 'user.message', data: { content: TASK }, id: 'e2', timestamp: '2026-11-30T09:00:01Z' }),
      line({ type: 'assistant.message', data: { content: 'Done.\n<!-- ckpt next: add a resume test -->' }, id: 'e3', timestamp: '2026-11-30T09:00:02Z' }),
    ].join('')),
    preCompact: (dir, t) => sh(read(join(home(), '.copilot', 'hooks', 'git-checkpoint.json')).hooks.preCompact[0].bash, dir,
      { sessionId: SESSION, timestamp: 1764493200000, cwd: dir, transcriptPath: t, trigger: 'auto' }),
    sessionStart: (dir) => sh(read(join(home(), '.copilot', 'hooks', 'git-checkpoint.json')).hooks.sessionStart[0].bash, dir,
      { sessionId: SESSION, timestamp: 1764493300000, cwd: dir, source: 'resume' }),
    recap: (out) => JSON.parse(out).additionalContext,
    budget: 10_000,
  },
  {
    agent: 'cline',
    // The temporary context file Cline hands PreCompact (proto/cline/hooks.proto: contextJsonPath).
    transcript: () => writeFile(join(sb.root, 'cline-tmp', `context-${SESSION}.json`), JSON.stringify([
      { role: 'user', content: [{ type: 'text', text: `<task>\n${TASK}\n</task>` }, { type: 'text', text: '<environment_details>\n# Current Time\n11/30/2026\n</environment_details>' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'Reading the importer.' }, { type: 'tool_use', id: 't1', name: 'write_to_file', input: { path: 'README.md', content: '# demo!\n' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'done' }] },
    ])),
    preCompact: async (dir, t) => {
      const out = await sh(join(home(), 'Documents', 'Cline', 'Hooks', 'PreCompact'), dir,
        { clineVersion: '3.35.0', hookName: 'PreCompact', timestamp: '1764493200000', taskId: SESSION, workspaceRoots: [dir], userId: 'u1',
          preCompact: { taskId: SESSION, ulid: '01JF0000000000000000000000', contextSize: 3, compactionStrategy: 'auto-condense', tokensIn: 180000, contextJsonPath: t, contextRawPath: `${t}.txt` } });
      expect(JSON.parse(out)).toEqual({ cancel: false });
      return '';
    },
    sessionStart: (dir) => sh(join(home(), 'Documents', 'Cline', 'Hooks', 'TaskResume'), dir,
      { clineVersion: '3.35.0', hookName: 'TaskResume', timestamp: '1764493300000', taskId: SESSION, workspaceRoots: [dir], userId: 'u1', taskResume: { taskMetadata: { taskId: SESSION } } }),
    recap: (out) => JSON.parse(out).contextModification,
    budget: 10_000,
  },
  {
    agent: 'opencode',
    transcript: () => null,
    // OpenCode loads the plugin module and calls its compaction hook; the recap lands in output.context.
    preCompact: async (dir) => {
      const plugin = join(home(), '.config', 'opencode', 'plugins', 'git-checkpoint.js');
      const copy = join(sb.root, 'opencode-plugin.mjs');
      copyFileSync(plugin, copy);
      const saved = { ...process.env };
      Object.assign(process.env, sb.env);
      try {
        const { GitCheckpoint } = await import(pathToFileURL(copy).href);
        const hooks = await GitCheckpoint({ client: {}, directory: dir, worktree: dir });
        const output = { context: [] as string[] };
        await hooks['experimental.session.compacting']({ sessionID: SESSION }, output);
        return JSON.stringify(output);
      } finally {
        process.env = saved;
      }
    },
    sessionStart: async () => '',
    recap: (out) => JSON.parse(out).context.join('\n'),
    budget: 10_000,
  },
];

describe.each(CASES)('$agent', (c) => {
  it('install, save before compaction, recap after it in the agent\'s shape, uninstall restores the bytes', async () => {
    const dir = sb.repo(`agent-${c.agent}`);
    const settings = c.settings?.(dir);
    if (settings && c.before) writeFile(settings, c.before);
    const install = await sb.ckpt(dir, ['agent', 'install', c.agent]);
    expect(install.code, install.stderr).toBe(0);
    const transcript = c.transcript(dir);
    const first = await c.preCompact(dir, transcript);
    const list = JSON.parse((await sb.ckpt(dir, ['list', '--json'])).stdout);
    expect(list.total).toBe(1);
    const rec = JSON.parse((await sb.ckpt(dir, ['show', '--json'])).stdout);
    expect(rec.compactImminent).toBe(true);
    if (transcript) expect(rec.task.title).toBe(TASK);
    const answer = c.agent === 'opencode' ? first : await c.sessionStart(dir);
    const recap = c.recap(answer);
    expect(recap.startsWith('SESSION_RECAP/1\n')).toBe(true);
    expect(recap).toContain(`id|${rec.id}|`);
    expect(recap.length).toBeLessThanOrEqual(c.budget);
    const uninstall = await sb.ckpt(dir, ['agent', 'uninstall', c.agent]);
    expect(uninstall.code, uninstall.stderr).toBe(0);
    if (settings) {
      if (c.before) expect(readFileSync(settings, 'utf8')).toBe(c.before);
      else expect(existsSync(settings)).toBe(false);
    }
    expect((await sb.ckpt(dir, ['agent', 'uninstall', c.agent])).stdout).toMatch(/^not installed/);
  });
});

/**
 * The Cline CLI plugin as Cline's plugin sandbox drives it (3.0.65): setup
 * with the session and workspace, then its hooks with JSON payloads —
 * `beforeRun` once per run, `onEvent` for every event (compaction shows as a
 * `status-notice` with `metadata.kind` `auto_compaction`, phase `started`
 * then `completed`), `beforeModel` before each model call, each given 3 s.
 */
describe('the Cline CLI plugin', () => {
  const CLINE_SESSION = '1796370073657_zq45x';
  let copies = 0;
  async function loadPlugin(dir: string) {
    const copy = join(sb.root, `cline-plugin-${++copies}.mjs`);
    copyFileSync(join(home(), '.cline', 'plugins', 'git-checkpoint.js'), copy);
    const plugin = (await import(pathToFileURL(copy).href)).default;
    plugin.setup({}, { session: { sessionId: CLINE_SESSION }, workspaceInfo: { rootPath: dir } });
    return plugin;
  }
  const userSays = (text: string) => ({ id: 'm1', role: 'user', content: [{ type: 'text', text: `<user_input mode="act">${text}</user_input>` }], createdAt: 1 });
  const answer = { id: 'm2', role: 'assistant', content: [{ type: 'text', text: 'Reading the importer.' }], createdAt: 2 };
  const request = { messages: [userSays(TASK), answer] };
  const notice = (phase: string) => ({ type: 'status-notice', message: 'auto-compacting', metadata: { kind: 'auto_compaction', phase }, snapshot: { messages: request.messages } });

  /** Model calls until one carries the recap (each timed: none may wait past 2 s and a little); the last answer is returned. */
  async function callsUntilRecap(plugin: any): Promise<{ added: any; waits: number[] }> {
    const waits: number[] = [];
    for (let i = 0; i < 15; i++) {
      const t = Date.now();
      const out = await plugin.hooks.beforeModel({ snapshot: {}, request });
      waits.push(Date.now() - t);
      if (out) return { added: out.messages.slice(request.messages.length), waits };
    }
    return { added: [], waits };
  }

  const withEnv = async <T>(env: Record<string, string>, fn: () => Promise<T>): Promise<T> => {
    const saved = { ...process.env };
    Object.assign(process.env, env);
    try {
      return await fn();
    } finally {
      process.env = saved;
    }
  };

  it('saves when Cline compacts (its messages as the transcript) and adds the recap to the next model call, once; a new task gets nothing', async () => {
    const dir = sb.repo('cline-plugin');
    expect((await sb.ckpt(dir, ['agent', 'install', 'cline'])).code).toBe(0);
    await withEnv(sb.env, async () => {
      const plugin = await loadPlugin(dir);
      expect(plugin.name).toBe('git-checkpoint');
      expect(plugin.manifest).toEqual({ capabilities: ['hooks'] });
      expect(plugin.hooks.beforeRun({ snapshot: { messages: [userSays(TASK)] } })).toBeUndefined();
      expect(await plugin.hooks.beforeModel({ snapshot: {}, request: { messages: [userSays(TASK)] } })).toBeUndefined();

      // A subagent's compaction (its snapshot names a parent) is not the task's: nothing is saved.
      const sub = (phase: string) => ({ ...notice(phase), snapshot: { ...notice(phase).snapshot, parentAgentId: 'agent_1' } });
      plugin.hooks.onEvent(sub('started'));
      plugin.hooks.onEvent(sub('completed'));
      expect(await plugin.hooks.beforeModel({ snapshot: {}, request })).toBeUndefined();

      plugin.hooks.onEvent(notice('started'));
      plugin.hooks.onEvent(notice('completed'));
      expect(await plugin.hooks.beforeModel({ snapshot: { parentAgentId: 'agent_1' }, request })).toBeUndefined();
      const { added, waits } = await callsUntilRecap(plugin);
      for (const w of waits) expect(w).toBeLessThan(2500);
      const rec = JSON.parse((await sb.ckpt(dir, ['show', '--json'])).stdout);
      expect(rec.compactImminent).toBe(true);
      expect(rec.task.title).toBe(TASK);
      expect(JSON.parse((await sb.ckpt(dir, ['list', '--json'])).stdout).total).toBe(1);
      expect(added).toHaveLength(1);
      expect(added[0]).toMatchObject({ role: 'user', content: [{ type: 'text' }] });
      expect(added[0].content[0].text.startsWith('SESSION_RECAP/1\n')).toBe(true);
      expect(added[0].content[0].text).toContain(`id|${rec.id}|`);
      expect(await plugin.hooks.beforeModel({ snapshot: {}, request })).toBeUndefined();
    });
  });

  it('a resumed task (its run starts with an answer of the model): the first model call gets the recap, once', async () => {
    const dir = sb.repo('cline-plugin-resume');
    expect((await sb.ckpt(dir, ['agent', 'install', 'cline'])).code).toBe(0);
    expect((await sb.ckpt(dir, ['save', '-m', 'importer half done'])).code).toBe(0);
    const id = JSON.parse((await sb.ckpt(dir, ['show', '--json'])).stdout).id;
    await withEnv(sb.env, async () => {
      const plugin = await loadPlugin(dir);
      plugin.hooks.beforeRun({ snapshot: { messages: [...request.messages, userSays('Go on.')] } });
      const { added } = await callsUntilRecap(plugin);
      expect(added).toHaveLength(1);
      expect(added[0].content[0].text).toContain(`id|${id}|`);
      expect(await plugin.hooks.beforeModel({ snapshot: {}, request })).toBeUndefined();
      // A second run of the same session (the next prompt) is no resume.
      plugin.hooks.beforeRun({ snapshot: { messages: [...request.messages, userSays('And tests.')] } });
      expect(await plugin.hooks.beforeModel({ snapshot: {}, request })).toBeUndefined();
    });
  });

  it('a save that fails answers with its notice: the plugin asks for the recap on its own, one more run', async () => {
    const dir = sb.repo('cline-plugin-save-fails');
    expect((await sb.ckpt(dir, ['agent', 'install', 'cline'])).code).toBe(0);
    // A git-checkpoint whose save fails (the notice, no recap) and whose session start answers, ahead of the real one on PATH.
    const shim = join(sb.root, 'failing-save-bin');
    const log = join(sb.root, 'failing-save.log');
    writeFile(join(shim, 'git-checkpoint'), [
      '#!/bin/sh', 'cat >/dev/null', `echo "$*" >> '${log}'`,
      'case "$2" in',
      '  agent-pre-compact) printf \'%s\\n\' \'{"cancel": false, "errorMessage": "git checkpoint: no checkpoint saved before this compaction: disk full"}\' ;;',
      '  *) printf \'%s\\n\' \'{"cancel": false, "contextModification": "SESSION_RECAP/1\\nid|older|"}\' ;;',
      'esac', '',
    ].join('\n'));
    chmodSync(join(shim, 'git-checkpoint'), 0o755);
    await withEnv({ ...sb.env, PATH: `${shim}:${sb.env.PATH}` }, async () => {
      const plugin = await loadPlugin(dir);
      plugin.hooks.onEvent(notice('started'));
      plugin.hooks.onEvent(notice('completed'));
      const { added } = await callsUntilRecap(plugin);
      expect(added[0].content[0].text).toBe('SESSION_RECAP/1\nid|older|');
    });
    expect(readFileSync(log, 'utf8')).toBe('hook agent-pre-compact cline --recap\nhook agent-session-start cline\n');
  });

  it('a slow recap: a model call waits for it 2 s, no more, and the next call gets it', async () => {
    const dir = sb.repo('cline-plugin-slow');
    expect((await sb.ckpt(dir, ['agent', 'install', 'cline'])).code).toBe(0);
    // A git-checkpoint that takes 3 s to answer, ahead of the real one on PATH.
    const slow = join(sb.root, 'slow-bin');
    writeFile(join(slow, 'git-checkpoint'), '#!/bin/sh\ncat >/dev/null\nsleep 3\nprintf \'%s\\n\' \'{"cancel": false, "contextModification": "SESSION_RECAP/1\\nid|slow|"}\'\n');
    chmodSync(join(slow, 'git-checkpoint'), 0o755);
    await withEnv({ ...sb.env, PATH: `${slow}:${sb.env.PATH}` }, async () => {
      const plugin = await loadPlugin(dir);
      plugin.hooks.beforeRun({ snapshot: { messages: request.messages } });
      const t = Date.now();
      expect(await plugin.hooks.beforeModel({ snapshot: {}, request })).toBeUndefined();
      expect(Date.now() - t).toBeGreaterThanOrEqual(1900);
      expect(Date.now() - t).toBeLessThan(2500);
      const next = await plugin.hooks.beforeModel({ snapshot: {}, request });
      expect(next.messages.at(-1).content[0].text).toBe('SESSION_RECAP/1\nid|slow|');
    });
  });

  it('without git-checkpoint on PATH: nothing is added, nothing fails, no call waits past its bound', async () => {
    const dir = sb.repo('cline-plugin-missing');
    expect((await sb.ckpt(dir, ['agent', 'install', 'cline'])).code).toBe(0);
    const path = sb.env.PATH!.split(':').filter((p) => !existsSync(join(p, 'git-checkpoint'))).join(':');
    await withEnv({ ...sb.env, PATH: path }, async () => {
      const plugin = await loadPlugin(dir);
      plugin.hooks.beforeRun({ snapshot: { messages: request.messages } });
      plugin.hooks.onEvent(notice('started'));
      plugin.hooks.onEvent(notice('completed'));
      for (let i = 0; i < 3; i++) {
        const t = Date.now();
        expect(await plugin.hooks.beforeModel({ snapshot: {}, request })).toBeUndefined();
        expect(Date.now() - t).toBeLessThan(2500);
      }
    });
    expect(JSON.parse((await sb.ckpt(dir, ['list', '--json'])).stdout).total).toBe(0);
  });
});

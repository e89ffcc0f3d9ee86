/**
 * OpenCode (opencode.ai/docs/plugins, 1.x): a plugin module —
 * `.opencode/plugins/` in the project, `~/.config/opencode/plugins/` for the
 * user (also the personal scope). Its `experimental.session.compacting` hook
 * runs before the summary is written: our plugin saves (pre-compact, which
 * answers with the recap of what it saved: `--recap`) and appends the recap to
 * `output.context`, so it is carried into the compacted session; a problem
 * becomes a toast (and the recap is then asked for on its own). The
 * hook runs as a child process OpenCode does not wait on beyond 30 s.
 * OpenCode keeps no transcript file a hook is handed.
 */
import { join } from 'node:path';
import { json, MCP_ARGS, MCP_COMMAND, mcpJsonEdit, pluginHookFunction, snakeCaseInput } from './common.js';
import type { AgentAdapter } from './types.js';

const PLUGIN = `// managed-by: git-checkpoint (git checkpoint agent uninstall opencode removes this file)
// Saves a checkpoint before OpenCode compacts a session and carries its recap into the summary.
import { spawn } from "node:child_process";

// Never blocks OpenCode: the hook runs beside it, and one still running after 30 s (its own budget is 10 s) is stopped.
${pluginHookFunction('opencode')}

const field = (text, name) => {
  try {
    return JSON.parse(text)[name];
  } catch {
    return undefined;
  }
};

export const GitCheckpoint = async ({ client, directory, worktree }) => ({
  "experimental.session.compacting": async (input, output) => {
    const cwd = worktree || directory;
    const payload = { session_id: input.sessionID, cwd, hook_event_name: "session.compacting", trigger: "auto", transcript_path: null };
    // The save answers with its recap (--recap): one process. After a problem it gives none, and the recap is asked for on its own.
    const saved = await hook("agent-pre-compact", payload, cwd, ["--recap"]);
    const notice = field(saved, "message");
    if (notice) await client?.tui?.showToast?.({ body: { message: notice, variant: "warning" } })?.catch?.(() => {});
    const recap = field(saved, "context") || (notice ? field(await hook("agent-session-start", { ...payload, hook_event_name: "session.compacted", source: "compact" }, cwd), "context") : undefined);
    if (recap) output.context.push(recap);
  },
});
`;

export const opencode: AgentAdapter = {
  name: 'opencode',
  title: 'OpenCode',
  followed: 'OpenCode 1.x plugins (opencode.ai/docs/plugins)',
  projectDirVars: [],
  plan(scope, roots) {
    const dir = scope === 'project' ? join(roots.workTree, '.opencode') : join(roots.env.XDG_CONFIG_HOME || join(roots.home, '.config'), 'opencode');
    return { edits: [], files: [{ path: join(dir, 'plugins', 'git-checkpoint.js'), content: PLUGIN, what: 'plugin' }], skill: join(dir, 'skills', 'git-checkpoint', 'SKILL.md') };
  },
  mcp(scope, roots) {
    const file = scope === 'project' ? join(roots.workTree, 'opencode.json') : join(roots.env.XDG_CONFIG_HOME || join(roots.home, '.config'), 'opencode', 'opencode.json');
    const entry = { type: 'local', command: [MCP_COMMAND, ...MCP_ARGS], enabled: true };
    return mcpJsonEdit(file, ['mcp'], entry, { jsonc: true, initial: '{\n  "$schema": "https://opencode.ai/config.json"\n}\n' });
  },
  parseInput: snakeCaseInput,
  sessionStartOutput: (context) => json({ context }),
  noticeOutput: (message) => json({ message }),
  contextBudget: 10_000,
};

/**
 * OpenCode (opencode.ai/docs/plugins, 1.x): a plugin module —
 * `.opencode/plugins/` in the project, `~/.config/opencode/plugins/` for the
 * user (also the personal scope). Its `experimental.session.compacting` hook
 * runs before the summary is written: our plugin saves (pre-compact), then
 * asks for the recap (session-start) and appends it to `output.context`, so
 * it is carried into the compacted session; a problem becomes a toast.
 * OpenCode keeps no transcript file a hook is handed.
 */
import { join } from 'node:path';
import { json, MCP_ARGS, MCP_COMMAND, mcpJsonEdit, snakeCaseInput } from './common.js';
import type { AgentAdapter } from './types.js';

const PLUGIN = `// managed-by: git-checkpoint (git checkpoint agent uninstall opencode removes this file)
// Saves a checkpoint before OpenCode compacts a session and carries its recap into the summary.
import { spawnSync } from "node:child_process";

const hook = (kind, payload, cwd) => {
  const res = spawnSync("git", ["checkpoint", "hook", kind, "opencode"], { cwd, input: JSON.stringify(payload), encoding: "utf8", timeout: 30000 });
  return res.status === 0 ? res.stdout : "";
};

export const GitCheckpoint = async ({ client, directory, worktree }) => ({
  "experimental.session.compacting": async (input, output) => {
    const cwd = worktree || directory;
    const payload = { session_id: input.sessionID, cwd, hook_event_name: "session.compacting", trigger: "auto", transcript_path: null };
    const notice = hook("agent-pre-compact", payload, cwd);
    if (notice) await client?.tui?.showToast?.({ body: { message: JSON.parse(notice).message, variant: "warning" } }).catch?.(() => {});
    const recap = hook("agent-session-start", { ...payload, hook_event_name: "session.compacted", source: "compact" }, cwd);
    if (recap) output.context.push(JSON.parse(recap).context);
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
    return { edits: [], files: [{ path: join(dir, 'plugins', 'git-checkpoint.js'), content: PLUGIN }], skill: join(dir, 'skills', 'git-checkpoint', 'SKILL.md') };
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

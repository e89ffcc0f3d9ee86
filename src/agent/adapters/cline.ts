/**
 * Cline (docs.cline.bot/customization/hooks; input as in cline/cline
 * proto/cline/hooks.proto, 3.3x): a hook is an executable file named after
 * its event — `.clinerules/hooks/` in the project, `~/Documents/Cline/Hooks/`
 * for the user (also the personal scope: Cline has no uncommitted project
 * folder). We write `PreCompact` (save) and `TaskResume` (inject) as small sh
 * scripts that do nothing without git-checkpoint. Input: `taskId` (the
 * session), `workspaceRoots` (the public docs show `workspacePath`: read too),
 * `hookName`; PreCompact's `preCompact.contextJsonPath` names a temporary
 * JSON file with the API conversation (our transcript). Every answer is JSON
 * `{"cancel": false, …}` with the recap in `contextModification` and a
 * problem in `errorMessage`. Skills: `.clinerules/` rules are read as they are.
 *
 * Cline CLI 3.0 (checked in 3.0.65's bundled @cline/core) reads the same hook
 * folders (and `~/.cline/hooks`), but maps the `PreCompact` file to no event,
 * runs `TaskStart`/`TaskResume` detached with their answer ignored, and names
 * events in snake case (`hookName: "agent_resume"`). It loads plugins (ES
 * modules, `default` export `{name, manifest: {capabilities}, hooks}`) from
 * `.cline/plugins/` in the workspace and `$CLINE_DIR/plugins/` (default
 * `~/.cline/plugins/`; also `~/Documents/Cline/Plugins/`), each run in a sandbox process: ours (below) does the
 * hooks' two jobs there. Its MCP server settings
 * (`$CLINE_DIR/data/settings/cline_mcp_settings.json`) work too.
 */
import { join } from 'node:path';
import { readClineContext } from '../../harvest/transcripts.js';
import { configHome, json, mcpJsonEdit, pluginHookFunction, stdioEntry } from './common.js';
import type { AgentAdapter, AgentInput, HookKind } from './types.js';

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

function parseClineInput(d: Record<string, unknown>): AgentInput {
  const roots = Array.isArray(d.workspaceRoots) ? d.workspaceRoots : [];
  const compact = typeof d.preCompact === 'object' && d.preCompact !== null ? d.preCompact as Record<string, unknown> : {};
  return {
    sessionId: str(d.taskId), transcriptPath: str(compact.contextJsonPath), cwd: str(roots[0]) ?? str(d.workspacePath),
    trigger: null, source: null, event: str(d.hookName),
  };
}

/** The script for one hook: inert (and still a valid answer) on a machine without git-checkpoint. */
function script(kind: HookKind): string {
  return [
    '#!/bin/sh',
    '# managed-by: git-checkpoint (git checkpoint agent uninstall cline removes this file)',
    'command -v git-checkpoint >/dev/null 2>&1 || { echo \'{"cancel": false}\'; exit 0; }',
    `exec git checkpoint hook agent-${kind} cline`,
    '',
  ].join('\n');
}

/**
 * The Cline CLI plugin (ES module, run in Cline's plugin sandbox process,
 * where every hook must answer within 3 s or the run fails): a compaction's
 * `status-notice` event starts, detached, the save (with the messages the
 * event carries as the transcript), which answers with its recap; the first model call
 * after the compaction, or of a resumed task, waits at most 2 s for the
 * recap and appends it to what is sent, once. Nothing happens without
 * git-checkpoint (git answers with an error, which is ignored).
 */
export const CLINE_PLUGIN = `// managed-by: git-checkpoint (git checkpoint agent uninstall cline removes this file)
// Saves a checkpoint when Cline compacts a task and gives the model the recap after it, and on a resumed task.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// A hook runs beside Cline, never awaited by an event; one still running after 30 s (its own budget is 10 s) is stopped.
${pluginHookFunction('cline')}

const field = (text, name) => {
  try {
    const v = JSON.parse(text)[name];
    return typeof v === "string" && v.trim() ? v : "";
  } catch {
    return "";
  }
};
const recapOf = (text) => field(text, "contextModification");
const problemOf = (text) => field(text, "errorMessage");

// The longest a model call waits for a recap still being made (Cline gives a plugin hook 3 s).
const WAIT_MS = 2000;
const within = (promise, ms) => new Promise((resolve) => {
  const timer = setTimeout(() => resolve(undefined), ms);
  promise.then((v) => { clearTimeout(timer); resolve(v); }, () => { clearTimeout(timer); resolve(""); });
});

let session = {};
let checkedResume = false;
let saving = null;
let pending = null;

const payload = (hookName, extra) => ({ taskId: session.id, workspaceRoots: [session.cwd], hookName, ...extra });

function compacting(messages) {
  let dir = null;
  const extra = {};
  try {
    dir = mkdtempSync(join(tmpdir(), "git-checkpoint-cline-"));
    extra.preCompact = { contextJsonPath: join(dir, "context.json") };
    writeFileSync(extra.preCompact.contextJsonPath, JSON.stringify((messages || []).map((m) => ({ role: m.role, content: m.content }))));
  } catch {}
  // The save answers with its recap (--recap): one process. After a problem it gives none, and the recap is asked for on its own.
  return hook("agent-pre-compact", payload("compaction", extra), session.cwd, ["--recap"])
    .finally(() => { if (dir) try { rmSync(dir, { recursive: true, force: true }); } catch {} })
    .then((text) => recapOf(text) || (problemOf(text) ? hook("agent-session-start", payload("compaction"), session.cwd).then(recapOf) : ""))
    .catch(() => "");
}

const COMPACTION = /compaction$/;

export default {
  name: "git-checkpoint",
  manifest: { capabilities: ["hooks"] },
  setup(_api, ctx) {
    session = { id: ctx?.session?.sessionId, cwd: ctx?.workspaceInfo?.rootPath || process.cwd() };
  },
  hooks: {
    beforeRun({ snapshot } = {}) {
      if (checkedResume || snapshot?.parentAgentId) return undefined;
      checkedResume = true;
      // A task that already holds an answer of the model is a resumed one.
      if ((snapshot?.messages || []).some((m) => m.role === "assistant")) {
        pending = hook("agent-session-start", payload("resume"), session.cwd).then(recapOf, () => "");
      }
      return undefined;
    },
    onEvent(event) {
      // A subagent's own context (spawn_agent, a teammate) is not the task's.
      if (event?.snapshot?.parentAgentId) return;
      const meta = event?.type === "status-notice" ? event.metadata || {} : {};
      if (!COMPACTION.test(String(meta.kind || ""))) return;
      if (meta.phase === "started") {
        if (!saving) saving = compacting(event.snapshot?.messages);
        return;
      }
      // Completed: the recap goes to the next model call; skipped or failed: nothing was compacted.
      if (meta.phase === "completed" && saving) pending = saving;
      saving = null;
    },
    async beforeModel({ snapshot, request } = {}) {
      if (!pending || !request || snapshot?.parentAgentId) return undefined;
      const recap = await within(pending, WAIT_MS);
      if (recap === undefined) return undefined;
      pending = null;
      if (!recap) return undefined;
      const note = { id: "git-checkpoint-recap-" + Date.now(), role: "user", content: [{ type: "text", text: recap }], createdAt: Date.now() };
      return { messages: [...(request.messages || []), note] };
    },
  },
};
`;

export const cline: AgentAdapter = {
  name: 'cline',
  title: 'Cline',
  followed: 'Cline 3.3x hooks (docs.cline.bot/customization/hooks; input fields as in cline/cline `proto/cline/hooks.proto`); Cline CLI 3.0 plugins (its bundled @cline/core)',
  projectDirVars: [],
  plan(scope, roots) {
    const dir = scope === 'project' ? join(roots.workTree, '.clinerules', 'hooks') : join(roots.home, 'Documents', 'Cline', 'Hooks');
    const plugins = scope === 'project' ? join(roots.workTree, '.cline', 'plugins') : join(configHome(roots, 'CLINE_DIR', '.cline'), 'plugins');
    return {
      edits: [],
      files: [
        { path: join(dir, 'PreCompact'), content: script('pre-compact'), executable: true },
        { path: join(dir, 'TaskResume'), content: script('session-start'), executable: true },
        { path: join(plugins, 'git-checkpoint.js'), content: CLINE_PLUGIN, what: 'plugin' },
      ],
      skill: null,
    };
  },
  mcp(scope, roots) {
    if (scope === 'project') return { why: 'Cline reads MCP servers only from its own settings, not from a project file: use no flag or --user' };
    return mcpJsonEdit(join(configHome(roots, 'CLINE_DIR', '.cline'), 'data', 'settings', 'cline_mcp_settings.json'), ['mcpServers'], stdioEntry({ type: 'stdio' }));
  },
  parseInput: parseClineInput,
  readTranscript: readClineContext,
  sessionStartOutput: (context) => json({ cancel: false, contextModification: context }),
  quietOutput: () => json({ cancel: false }),
  noticeOutput: (message) => json({ cancel: false, errorMessage: message }),
  contextBudget: 10_000,
  installHint: 'the Cline extension runs the hook scripts; Cline CLI 3.0 runs none of them usefully and loads the plugin instead (saves when it compacts, gives the recap after it and on a resumed task)',
};

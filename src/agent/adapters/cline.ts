/**
 * Cline (docs.cline.bot/customization/hooks, 3.3x): a hook is an executable
 * file named after its event — `.clinerules/hooks/` in the project,
 * `~/Documents/Cline/Hooks/` for the user (also the personal scope). We write
 * `PreCompact` (save) and `TaskResume` (inject) as small sh scripts that do
 * nothing without git-checkpoint. Input: `taskId` (the session),
 * `workspaceRoots`; every answer is JSON `{"cancel": false, …}` with the
 * recap in `contextModification` and a problem in `errorMessage`. Cline hands
 * hooks no transcript. Skills: `.clinerules/` rules are read as they are.
 */
import { join } from 'node:path';
import { configHome, json, mcpJsonEdit, stdioEntry } from './common.js';
import type { AgentAdapter, AgentInput, HookKind } from './types.js';

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

function parseClineInput(d: Record<string, unknown>): AgentInput {
  const roots = Array.isArray(d.workspaceRoots) ? d.workspaceRoots : [];
  return { sessionId: str(d.taskId), transcriptPath: null, cwd: str(roots[0]), trigger: null, source: null, event: str(d.hookName) };
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

export const cline: AgentAdapter = {
  name: 'cline',
  title: 'Cline',
  followed: 'Cline 3.3x hooks (docs.cline.bot/customization/hooks)',
  projectDirVars: [],
  plan(scope, roots) {
    const dir = scope === 'project' ? join(roots.workTree, '.clinerules', 'hooks') : join(roots.home, 'Documents', 'Cline', 'Hooks');
    return {
      edits: [],
      files: [
        { path: join(dir, 'PreCompact'), content: script('pre-compact'), executable: true },
        { path: join(dir, 'TaskResume'), content: script('session-start'), executable: true },
      ],
      skill: null,
    };
  },
  mcp(scope, roots) {
    if (scope === 'project') return { why: 'Cline reads MCP servers only from its own settings, not from a project file: use no flag or --user' };
    return mcpJsonEdit(join(configHome(roots, 'CLINE_DIR', '.cline'), 'data', 'settings', 'cline_mcp_settings.json'), ['mcpServers'], stdioEntry({ type: 'stdio' }));
  },
  parseInput: parseClineInput,
  sessionStartOutput: (context) => json({ cancel: false, contextModification: context }),
  quietOutput: () => json({ cancel: false }),
  noticeOutput: (message) => json({ cancel: false, errorMessage: message }),
  contextBudget: 10_000,
};

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
 * events in snake case (`hookName: "agent_resume"`). Only its MCP server
 * settings (`$CLINE_DIR/data/settings/cline_mcp_settings.json`) work there.
 */
import { join } from 'node:path';
import { readClineContext } from '../../harvest/transcripts.js';
import { configHome, json, mcpJsonEdit, stdioEntry } from './common.js';
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

export const cline: AgentAdapter = {
  name: 'cline',
  title: 'Cline',
  followed: 'Cline 3.3x hooks (docs.cline.bot/customization/hooks; input fields as in cline/cline `proto/cline/hooks.proto`)',
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
  readTranscript: readClineContext,
  sessionStartOutput: (context) => json({ cancel: false, contextModification: context }),
  quietOutput: () => json({ cancel: false }),
  noticeOutput: (message) => json({ cancel: false, errorMessage: message }),
  contextBudget: 10_000,
  installHint: 'the Cline extension runs these hooks; Cline CLI 3.0 runs no PreCompact hook and ignores what TaskResume answers: with the CLI, use our MCP server (--user --mcp)',
};

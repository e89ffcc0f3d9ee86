/**
 * Cursor (cursor.com/docs/agent/hooks, Cursor 2.x): `hooks.json` version 1 —
 * `.cursor/hooks.json` in the project, `~/.cursor/hooks.json` for the user,
 * which is also the personal scope — `{"version": 1, "hooks": {"<event>":
 * [{"command": "…", "timeout": s}]}}`. preCompact saves (its `user_message`
 * output is shown to the person; it cannot block); sessionStart injects
 * `additional_context`. Input: `conversation_id` (the session), `workspace_roots`,
 * `transcript_path` (JSONL, `role` + `message.content`); `CURSOR_PROJECT_DIR`
 * names the project. Skills: `.cursor/skills/` or `~/.cursor/skills/`.
 */
import { join } from 'node:path';
import { readClaudeLines } from '../../harvest/transcripts.js';
import { hookFileEdit, json, mcpJsonEdit, projectOrHome, stdioEntry } from './common.js';
import type { AgentAdapter, AgentInput } from './types.js';

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

function parseCursorInput(d: Record<string, unknown>): AgentInput {
  const roots = Array.isArray(d.workspace_roots) ? d.workspace_roots : [];
  return {
    sessionId: str(d.conversation_id) ?? str(d.session_id), transcriptPath: str(d.transcript_path),
    cwd: str(d.cwd) ?? str(roots[0]), trigger: str(d.trigger), source: str(d.source), event: str(d.hook_event_name),
  };
}

export const cursor: AgentAdapter = {
  name: 'cursor',
  title: 'Cursor',
  followed: 'Cursor 2.x agent hooks (cursor.com/docs/agent/hooks)',
  projectDirVars: ['CURSOR_PROJECT_DIR', 'CLAUDE_PROJECT_DIR'],
  plan(scope, roots, command) {
    const dir = projectOrHome(scope, roots, '.cursor');
    const spec = {
      initial: '{\n  "version": 1\n}\n',
      nested: false,
      entries: [
        { event: 'preCompact', item: { command: command('pre-compact'), timeout: 30 } },
        { event: 'sessionStart', item: { command: command('session-start'), timeout: 15 } },
      ],
    };
    return { edits: [hookFileEdit(join(dir, 'hooks.json'), spec)], files: [], skill: join(dir, 'skills', 'git-checkpoint', 'SKILL.md') };
  },
  mcp: (scope, roots) => mcpJsonEdit(join(projectOrHome(scope, roots, '.cursor'), 'mcp.json'), ['mcpServers'], stdioEntry({ type: 'stdio' })),
  parseInput: parseCursorInput,
  readTranscript: readClaudeLines,
  sessionStartOutput: (context) => json({ additional_context: context }),
  noticeOutput: (message, kind) => json(kind === 'pre-compact' ? { user_message: message } : {}),
  contextBudget: 10_000,
};

/**
 * GitHub Copilot CLI (docs.github.com/en/copilot/reference/copilot-cli-reference/cli-hooks-reference):
 * hook files `.github/hooks/*.json` (version 1) in the repository, and
 * `~/.copilot/hooks/*.json` (`$COPILOT_HOME`) for the user (also the personal scope); we write
 * our own `git-checkpoint.json` there. Entries `{"type": "command", "bash":
 * "…", "timeoutSec": s}` under camelCase events, which send camelCase input
 * (`sessionId`, `transcriptPath`, `cwd`, `trigger`, `source`). preCompact
 * saves; sessionStart (`new` or `resume` in 1.0.102; none after a
 * compaction) answers `additionalContext` on resume. Hooks and MCP servers load only in
 * a trusted folder.
 * Copilot CLI documents no field for a message to the person: problems go to
 * stderr. Skills: `.github/skills/` or `~/.copilot/skills/`.
 */
import { join } from 'node:path';
import { readCopilotEvents } from '../../harvest/transcripts.js';
import { configHome, hookFileEdit, json, mcpJsonEdit, stdioEntry } from './common.js';
import type { AgentAdapter, AgentInput } from './types.js';

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

function parseCopilotInput(d: Record<string, unknown>): AgentInput {
  return {
    sessionId: str(d.sessionId) ?? str(d.session_id), transcriptPath: str(d.transcriptPath) ?? str(d.transcript_path),
    cwd: str(d.cwd), trigger: str(d.trigger), source: str(d.source), event: str(d.hookEventName) ?? str(d.hook_event_name),
  };
}

export const copilot: AgentAdapter = {
  name: 'copilot',
  title: 'GitHub Copilot CLI',
  followed: 'GitHub Copilot CLI hooks reference (hooks version 1, camelCase events)',
  projectDirVars: [],
  plan(scope, roots, command) {
    const dir = scope === 'project' ? join(roots.workTree, '.github') : configHome(roots, 'COPILOT_HOME', '.copilot');
    const spec = {
      initial: '{\n  "version": 1\n}\n',
      nested: false,
      entries: [
        { event: 'preCompact', item: { type: 'command', bash: command('pre-compact'), timeoutSec: 30 } },
        { event: 'sessionStart', item: { type: 'command', bash: command('session-start'), timeoutSec: 15 } },
      ],
    };
    return { edits: [hookFileEdit(join(dir, 'hooks', 'git-checkpoint.json'), spec)], files: [], skill: join(dir, 'skills', 'git-checkpoint', 'SKILL.md') };
  },
  mcp(scope, roots) {
    const file = scope === 'project' ? join(roots.workTree, '.github', 'mcp.json') : join(configHome(roots, 'COPILOT_HOME', '.copilot'), 'mcp-config.json');
    return mcpJsonEdit(file, ['mcpServers'], { ...stdioEntry({ type: 'local' }), tools: ['*'] });
  },
  parseInput: parseCopilotInput,
  readTranscript: readCopilotEvents,
  // A new session is not one that lost its context: as with the other agents, no recap then (1.0.102 says `new`; its docs `startup`).
  injectsOnlyAfterCompaction: (input) => input.source === 'new' || input.source === 'startup',
  sessionStartOutput: (context) => json({ additionalContext: context }),
  noticeOutput: () => '',
  contextBudget: 10_000,
  installHint: 'Copilot CLI runs a folder\'s hooks and MCP servers only once you trust the folder (it asks when it starts there; copilot -p needs --trust-folder or COPILOT_ALLOW_ALL=true)',
};

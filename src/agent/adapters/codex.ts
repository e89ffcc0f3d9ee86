/**
 * Codex (developers.openai.com/codex/hooks, codex-cli 0.13x+): `hooks.json`
 * next to a config layer — `.codex/hooks.json` in the project,
 * `$CODEX_HOME/hooks.json` (`~/.codex`) for the user, which is also the
 * personal scope (Codex has no uncommitted project file). Claude Code's shape
 * and input fields (`transcript_path` may be null); SessionStart sources
 * `startup|resume|clear|compact`; hook output over ~2,500 tokens is spilled to
 * a file, so the recap is held to 6,000 characters (2.4 characters a token:
 * recaps are dense in ids and paths). Skills: `.agents/skills/` in the
 * project, `~/.agents/skills/` for the user.
 */
import { join } from 'node:path';
import { readClaudeLines } from '../../harvest/transcripts.js';
import { commandGroup, configHome, hookFileEdit, json, MCP_ARGS, MCP_COMMAND, snakeCaseInput } from './common.js';
import { installTomlTable, tomlBlock, uninstallTomlTable } from '../mcp-toml.js';
import type { AgentAdapter } from './types.js';

export const codex: AgentAdapter = {
  name: 'codex',
  title: 'Codex',
  followed: 'Codex hooks (developers.openai.com/codex/hooks; PreCompact since openai/codex#19905, SessionStart `compact` since #21272)',
  projectDirVars: [],
  plan(scope, roots, command) {
    const file = scope === 'project' ? join(roots.workTree, '.codex', 'hooks.json') : join(configHome(roots, 'CODEX_HOME', '.codex'), 'hooks.json');
    const spec = {
      initial: '{}\n',
      nested: true,
      entries: [
        { event: 'PreCompact', item: commandGroup(command('pre-compact'), 30) },
        { event: 'SessionStart', item: commandGroup(command('session-start'), 15, 'compact|resume') },
      ],
    };
    const skillRoot = scope === 'project' ? roots.workTree : roots.home;
    return { edits: [hookFileEdit(file, spec)], files: [], skill: join(skillRoot, '.agents', 'skills', 'git-checkpoint', 'SKILL.md') };
  },
  mcp(scope, roots) {
    const file = scope === 'project' ? join(roots.workTree, '.codex', 'config.toml') : join(configHome(roots, 'CODEX_HOME', '.codex'), 'config.toml');
    const block = tomlBlock(MCP_COMMAND, MCP_ARGS);
    return { path: file, what: 'MCP server', install: (text) => installTomlTable(text, block), uninstall: (text) => uninstallTomlTable(text, block) };
  },
  parseInput: snakeCaseInput,
  readTranscript: readClaudeLines,
  sessionStartOutput: (context) => json({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: context } }),
  noticeOutput: (message) => json({ systemMessage: message }),
  installHint: 'Codex runs new hooks only after you review and trust them (/hooks)',
  contextBudget: 6_000,
};

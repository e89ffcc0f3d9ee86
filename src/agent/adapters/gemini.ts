/**
 * Gemini CLI (geminicli.com/docs/hooks/reference, 0.26+): hooks in
 * `settings.json` — `.gemini/settings.json` in the project,
 * `~/.gemini/settings.json` for the user, which is also the personal scope —
 * in Claude Code's nested shape with `timeout` in milliseconds. PreCompress
 * saves (advisory: it cannot block). Gemini CLI has no session start after a
 * compression, so BeforeAgent injects the recap on the first turn after one
 * (and only then); SessionStart injects it on `resume`. Output
 * `hookSpecificOutput.additionalContext`, `systemMessage` for the person.
 * The transcript is one JSON document (`messages` with `type` user/gemini and
 * `toolCalls`). Skills: `.gemini/skills/` or `~/.gemini/skills/`.
 */
import { join } from 'node:path';
import { readGeminiSession } from '../../harvest/transcripts.js';
import { commandGroup, hookFileEdit, json, mcpJsonEdit, projectOrHome, snakeCaseInput, stdioEntry } from './common.js';
import type { AgentAdapter } from './types.js';

export const gemini: AgentAdapter = {
  name: 'gemini',
  title: 'Gemini CLI',
  followed: 'Gemini CLI 0.26+ hooks reference (geminicli.com/docs/hooks/reference)',
  projectDirVars: ['GEMINI_PROJECT_DIR', 'CLAUDE_PROJECT_DIR'],
  plan(scope, roots, command) {
    const dir = projectOrHome(scope, roots, '.gemini');
    const spec = {
      initial: '{}\n',
      nested: true,
      entries: [
        { event: 'PreCompress', item: commandGroup(command('pre-compact'), 30_000) },
        { event: 'BeforeAgent', item: commandGroup(command('session-start'), 15_000) },
        { event: 'SessionStart', item: commandGroup(command('session-start'), 15_000, 'resume') },
      ],
    };
    return { edits: [hookFileEdit(join(dir, 'settings.json'), spec)], files: [], skill: join(dir, 'skills', 'git-checkpoint', 'SKILL.md') };
  },
  mcp: (scope, roots) => mcpJsonEdit(join(projectOrHome(scope, roots, '.gemini'), 'settings.json'), ['mcpServers'], stdioEntry()),
  parseInput: snakeCaseInput,
  readTranscript: readGeminiSession,
  injectsOnlyAfterCompaction: (input) => input.event === 'BeforeAgent',
  sessionStartOutput: (context, input) => json({ hookSpecificOutput: { hookEventName: input.event ?? 'SessionStart', additionalContext: context } }),
  noticeOutput: (message) => json({ systemMessage: message }),
  contextBudget: 10_000,
};

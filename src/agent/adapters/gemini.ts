/**
 * Gemini CLI (geminicli.com/docs/hooks/reference, 0.26+): hooks in
 * `settings.json` — `.gemini/settings.json` in the project,
 * `~/.gemini/settings.json` for the user, which is also the personal scope —
 * in Claude Code's nested shape with `timeout` in milliseconds. PreCompress
 * saves (advisory: it cannot block). Gemini CLI fires PreCompress before
 * every model turn and only then compares its last prompt size with
 * `model.compressionThreshold` (0.5 by default) of the model's window: the
 * hook saves only when that comparison compresses (or on `/compress`), read
 * from the transcript's token counts. Gemini CLI has no session start after a
 * compression, so BeforeAgent injects the recap on the first turn after one
 * (and only then); SessionStart injects it on `resume`. Output
 * `hookSpecificOutput.additionalContext`, `systemMessage` for the person.
 * The transcript is JSONL (`chats/session-*.jsonl`; one JSON document before
 * 0.5x). Skills: `.gemini/skills/` or `~/.gemini/skills/`.
 */
import { join } from 'node:path';
import { readGeminiSession } from '../../harvest/transcripts.js';
import { commandGroup, hookFileEdit, json, mcpJsonEdit, projectOrHome, snakeCaseInput, stdioEntry } from './common.js';
import type { AgentAdapter, AgentInput } from './types.js';
import type { HarvestFacts } from '../../harvest/harvest.js';

/** The context window of the Gemini models Gemini CLI knows (its tokenLimit()); others default to the same. */
const CONTEXT_TOKENS = 1_048_576;
const DEFAULT_THRESHOLD = 0.5;

/** `model.compressionThreshold` from the project's settings, else the user's, else Gemini CLI's default. */
async function compressionThreshold(where: { workTree: string; home: string | undefined }, readJson: (path: string) => Promise<unknown>): Promise<number> {
  const files = [join(where.workTree, '.gemini', 'settings.json'), ...(where.home ? [join(where.home, '.gemini', 'settings.json')] : [])];
  for (const file of files) {
    const model = ((await readJson(file)) as { model?: { compressionThreshold?: unknown } } | null)?.model;
    const value = model?.compressionThreshold;
    if (typeof value === 'number' && value > 0 && value <= 1) return value;
  }
  return DEFAULT_THRESHOLD;
}

/** Gemini CLI's own test (chatCompressionService.compress): an automatic compression happens at threshold × window. */
async function compactionSkip(input: AgentInput, facts: HarvestFacts | null, where: { workTree: string; home: string | undefined }, readJson: (path: string) => Promise<unknown>): Promise<string | null> {
  // No token counts (the one-document form of earlier versions, or no transcript): saved, as before.
  if (input.trigger !== 'auto' || facts?.promptTokens === undefined || facts.unreadable) return null;
  const due = Math.floor((await compressionThreshold(where, readJson)) * CONTEXT_TOKENS);
  const prompt = facts.promptTokens;
  return prompt < due ? `Gemini CLI checks before every turn; its last prompt was ${prompt} tokens, it compresses at ${due}` : null;
}

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
  compactionSkip,
  injectsOnlyAfterCompaction: (input) => input.event === 'BeforeAgent',
  sessionStartOutput: (context, input) => json({ hookSpecificOutput: { hookEventName: input.event ?? 'SessionStart', additionalContext: context } }),
  noticeOutput: (message) => json({ systemMessage: message }),
  contextBudget: 10_000,
};

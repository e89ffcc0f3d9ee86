/** Transcript readers the adapters share. */
import type { Harvester } from './harvest.js';

/** JSONL, one entry a line (Claude Code, Codex rollouts, Copilot CLI events). */
export async function readClaudeLines(lines: AsyncIterable<string | null>, harvester: Harvester): Promise<void> {
  for await (const line of lines) harvester.feed(line);
}

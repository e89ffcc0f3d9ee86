/**
 * Every agent we install into, one adapter each (./types.ts). Adding an agent
 * is adding its module and a line here; `agent install`, the hooks and the
 * agents table (docs/agents.md) all read this table.
 */
import { claude } from './claude.js';
import { cline } from './cline.js';
import { codex } from './codex.js';
import { copilot } from './copilot.js';
import { cursor } from './cursor.js';
import { gemini } from './gemini.js';
import { opencode } from './opencode.js';
import type { AgentAdapter } from './types.js';

export const ADAPTERS: readonly AgentAdapter[] = [claude, codex, gemini, cursor, copilot, cline, opencode];

/** The adapter named `name`, or undefined. */
export function findAdapter(name: string): AgentAdapter | undefined {
  return ADAPTERS.find((a) => a.name === name);
}

/**
 * Every agent we install into, one adapter each (./types.ts). Adding an agent
 * is adding its module and a line here; `agent install`, the hooks and the
 * README table all read this table.
 */
import { claude } from './claude.js';
import { codex } from './codex.js';
import type { AgentAdapter } from './types.js';

export const ADAPTERS: readonly AgentAdapter[] = [claude, codex];

/** The adapter named `name`, or undefined. */
export function findAdapter(name: string): AgentAdapter | undefined {
  return ADAPTERS.find((a) => a.name === name);
}

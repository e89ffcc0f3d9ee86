/**
 * What a Codex rollout's `response_item` contributes: user and assistant
 * messages, `update_plan` (the todo list) and `apply_patch` edits (hot
 * files), whether the patch comes as a custom tool's raw input or inside a
 * function call's JSON arguments.
 */
import { patchPaths, type Step } from './harvest-steps.js';

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** `turn` turns a user message into steps (filtering machine text); `onBad` counts unreadable arguments. */
export function codexSteps(payload: Json, turn: (text: string) => Step[], onBad: () => void): Step[] {
  if (payload.type === 'message' && Array.isArray(payload.content)) {
    const texts = payload.content.filter((b): b is Json => isObj(b) && typeof b.text === 'string').map((b) => b.text as string);
    if (payload.role === 'user') return turn(texts.join('\n'));
    return payload.role === 'assistant' ? texts.filter((t) => t.includes('ckpt')).map((text) => ({ k: 'text', text })) : [];
  }
  const name = str(payload.name);
  const raw = str(payload.arguments) ?? str(payload.input);
  if (raw === null || (payload.type !== 'function_call' && payload.type !== 'custom_tool_call')) return [];
  if (name === 'apply_patch' || raw.includes('*** Begin Patch')) return patchPaths(patchText(raw)).map((path) => ({ k: 'file', path, edited: true }));
  if (name !== 'update_plan') return [];
  try {
    const args = JSON.parse(raw) as Json;
    return Array.isArray(args.plan) ? [{ k: 'todos', todos: args.plan.map((p: Json) => ({ content: p.step, status: p.status })) }] : [];
  } catch {
    onBad();
    return [];
  }
}

/** The patch in a call's input: raw text, or the string values of JSON arguments (`{"input": …}`, `{"command": ["apply_patch", …]}`). */
function patchText(raw: string): string {
  try {
    const args: unknown = JSON.parse(raw);
    const values = isObj(args) ? Object.values(args).flat() : [];
    return values.filter((v): v is string => typeof v === 'string').join('\n');
  } catch {
    return raw;
  }
}

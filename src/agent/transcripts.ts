/**
 * Transcript readers: each turns an agent's session file into entries for
 * the Harvester. Claude Code, Codex and Cursor write JSONL the Harvester
 * reads as it is; Gemini CLI writes one JSON document; GitHub Copilot CLI
 * writes an event log.
 */
import type { Harvester } from './harvest.js';

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A Gemini CLI session file is read whole only up to this; past it, nothing is harvested. */
export const MAX_DOCUMENT_BYTES = 64 * 1024 * 1024;

/** JSONL, one entry a line (Claude Code, Codex rollouts, Cursor). */
export async function readClaudeLines(lines: AsyncIterable<string | null>, harvester: Harvester): Promise<void> {
  for await (const line of lines) harvester.feed(line);
}

/** Gemini CLI: `{"sessionId", "messages": [{"type": "user" | "gemini", "content", "toolCalls"}]}`. */
export async function readGeminiSession(lines: AsyncIterable<string | null>, harvester: Harvester): Promise<void> {
  const parts: string[] = [];
  let size = 0;
  for await (const line of lines) {
    if (line === null || (size += line.length) > MAX_DOCUMENT_BYTES) return harvester.feed(null);
    parts.push(line);
  }
  let doc: unknown;
  try {
    doc = JSON.parse(parts.join('\n'));
  } catch {
    harvester.facts.badLines++;
    return;
  }
  if (!isObj(doc) || !Array.isArray(doc.messages)) return;
  harvester.feedEntry({ sessionId: doc.sessionId });
  for (const m of doc.messages.filter(isObj)) {
    const text = typeof m.content === 'string' ? m.content : Array.isArray(m.content) ? m.content.filter(isObj).map((p) => p.text).filter((t) => typeof t === 'string').join('\n') : '';
    if (m.type === 'user') harvester.feedEntry({ type: 'user', message: { content: text } });
    if (m.type !== 'gemini') continue;
    const calls = Array.isArray(m.toolCalls) ? m.toolCalls.filter(isObj) : [];
    const blocks = calls.map((c) => ({ type: 'tool_use', name: GEMINI_TOOLS[String(c.name)] ?? c.name, input: isObj(c.args) ? c.args : {} }));
    harvester.feedEntry({ type: 'assistant', message: { content: [{ type: 'text', text }, ...blocks] } });
  }
}

/** Gemini CLI's file tools under the names the Harvester knows. */
const GEMINI_TOOLS: Record<string, string> = { write_file: 'Write', replace: 'Edit', read_file: 'Read', write_todos: 'TodoWrite' };

/** GitHub Copilot CLI's event log: `{"type": "user.message" | "assistant.message", "data": {"content"}}`. */
export async function readCopilotEvents(lines: AsyncIterable<string | null>, harvester: Harvester): Promise<void> {
  for await (const line of lines) {
    if (line === null) { harvester.feed(null); continue; }
    let e: unknown;
    try {
      e = JSON.parse(line);
    } catch {
      harvester.feed(line);
      continue;
    }
    if (!isObj(e) || !isObj(e.data)) continue;
    const content = typeof e.data.content === 'string' ? e.data.content : '';
    if (e.type === 'session.start') harvester.feedEntry({ sessionId: e.data.sessionId });
    else if (e.type === 'user.message') harvester.feedEntry({ type: 'user', message: { content } });
    else if (e.type === 'assistant.message') harvester.feedEntry({ type: 'assistant', message: { content: [{ type: 'text', text: content }] } });
  }
}

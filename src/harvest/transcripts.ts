/**
 * Transcript readers: each turns an agent's session file into entries for
 * the Harvester. Claude Code, Codex and Cursor write JSONL the Harvester
 * reads as it is; Gemini CLI writes one JSON document, Cline hands its
 * compaction hook one; GitHub Copilot CLI writes an event log.
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

/** A transcript that is one JSON document, read whole up to MAX_DOCUMENT_BYTES; undefined when it is not one (counted). */
async function readDocument(lines: AsyncIterable<string | null>, harvester: Harvester): Promise<unknown> {
  const parts: string[] = [];
  let size = 0;
  for await (const line of lines) {
    if (line === null || (size += line.length) > MAX_DOCUMENT_BYTES) return harvester.feed(null);
    parts.push(line);
  }
  try {
    return JSON.parse(parts.join('\n'));
  } catch {
    harvester.facts.badLines++;
    return undefined;
  }
}

/** Gemini CLI: `{"sessionId", "messages": [{"type": "user" | "gemini", "content", "toolCalls"}]}`. */
export async function readGeminiSession(lines: AsyncIterable<string | null>, harvester: Harvester): Promise<void> {
  const doc = await readDocument(lines, harvester);
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

/**
 * Cline's PreCompact context file (`preCompact.contextJsonPath`): the API
 * conversation, an array of `{"role", "content"}` in Anthropic's message
 * shape. Cline wraps the request in `<task>` and appends
 * `<environment_details>` to user turns; its file tools take `path`.
 */
export async function readClineContext(lines: AsyncIterable<string | null>, harvester: Harvester): Promise<void> {
  const doc = await readDocument(lines, harvester);
  if (!Array.isArray(doc)) return;
  for (const m of doc.filter(isObj)) {
    const blocks = typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : Array.isArray(m.content) ? m.content.filter(isObj) : [];
    if (m.role === 'user') {
      const text = blocks.filter((b) => b.type === 'text').map((b) => clineUserText(String(b.text ?? ''))).filter(Boolean).join('\n');
      const rest = blocks.filter((b) => b.type !== 'text');
      harvester.feedEntry({ type: 'user', message: { content: rest.length ? [...(text ? [{ type: 'text', text }] : []), ...rest] : text } });
    } else if (m.role === 'assistant') {
      const content = blocks.map((b) => (b.type === 'tool_use' ? clineTool(b) : b));
      harvester.feedEntry({ type: 'assistant', message: { content } });
    }
  }
}

function clineUserText(text: string): string {
  const task = /<(?:task|feedback|answer)>\n?([\s\S]*?)\n?<\/(?:task|feedback|answer)>/.exec(text);
  return (task ? task[1]! : text).replace(/<environment_details>[\s\S]*?(<\/environment_details>|$)/g, '').trim();
}

/** Cline's file tools under the names (and the `file_path` argument) the Harvester knows. */
function clineTool(b: Json): Json {
  const name = CLINE_TOOLS[String(b.name)];
  if (!name) return b;
  const input = isObj(b.input) ? b.input : {};
  return { ...b, name, input: { ...input, file_path: input.path } };
}

const CLINE_TOOLS: Record<string, string> = { write_to_file: 'Write', replace_in_file: 'Edit', read_file: 'Read' };

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

/**
 * Transcript readers: each turns an agent's session file into entries for
 * the Harvester. Claude Code, Codex and Cursor write JSONL the Harvester
 * reads as it is; Gemini CLI writes JSONL of its own (earlier, one JSON
 * document), Cline hands its compaction hook one JSON document; GitHub Copilot CLI writes an event log.
 */
import type { Harvester } from './harvest.js';

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A Gemini CLI session file is read whole only up to this; past it, nothing is harvested. */
export const MAX_DOCUMENT_BYTES = 64 * 1024 * 1024;

/** JSONL, one entry a line (Claude Code, Codex rollouts, Cursor). */
export async function readClaudeLines(lines: AsyncIterable<string | null>, harvester: Harvester): Promise<void> {
  for await (const line of lines) harvester.feed(line);
  const { lines: read, badLines } = harvester.facts;
  if (read > 0 && badLines === read) harvester.facts.unreadable = 'no line is JSON';
}

/** A transcript that is one JSON document, read whole up to MAX_DOCUMENT_BYTES; undefined when it is not one (counted). */
async function readDocument(lines: AsyncIterable<string | null>, harvester: Harvester): Promise<unknown> {
  const parts: string[] = [];
  let size = 0;
  for await (const line of lines) {
    if (line === null || (size += line.length) > MAX_DOCUMENT_BYTES) {
      harvester.facts.unreadable = `over ${MAX_DOCUMENT_BYTES / 1048576} MiB, or a line over the reader's limit`;
      return harvester.feed(null);
    }
    parts.push(line);
  }
  try {
    return JSON.parse(parts.join('\n'));
  } catch {
    harvester.facts.badLines++;
    harvester.facts.unreadable = 'not one JSON document';
    return undefined;
  }
}

/**
 * Gemini CLI's session file, in either of its forms:
 * - JSONL (0.5x and later, `chats/session-*.jsonl`): a header line
 *   (`sessionId`, `startTime`, …), one line per message (`id`, `type`
 *   user/gemini/info…, `content`, `toolCalls`, `tokens`; a later line with the
 *   same id replaces the message), and `{"$set": {…}}` update lines. A `$set`
 *   of `messages` rewrites the live history (on a resume, and after a
 *   compression, where it opens with the summary and the model's fixed
 *   acknowledgement); the message lines keep the whole conversation, so they
 *   are what is harvested.
 * - one JSON document (`{"sessionId", "messages": [...]}`, earlier versions).
 * A file that is neither is reported (`facts.unreadable`), never taken for an
 * empty session.
 */
export async function readGeminiSession(lines: AsyncIterable<string | null>, harvester: Harvester): Promise<void> {
  const messages = new Map<string, Json>();
  const document: string[] = [];
  let size = 0;
  let first = true;
  for await (const line of lines) {
    if (line === null || (size += line.length) > MAX_DOCUMENT_BYTES) {
      harvester.facts.unreadable = `a line over the reader's limit, or over ${MAX_DOCUMENT_BYTES / 1048576} MiB in all`;
      return;
    }
    if (document.length || (first && line.trim() && !isObj(parseLine(line)))) { document.push(line); continue; }
    if (!line.trim()) continue;
    first = false;
    const entry = parseLine(line);
    if (!isObj(entry)) { harvester.facts.badLines++; continue; }
    if (Array.isArray(entry.messages)) { geminiMessages(entry, harvester); return; }
    if (isObj(entry.$set)) {
      if (!Array.isArray(entry.$set.messages)) continue;
      if (entry.$set.messages.some(isCompressionAck)) harvester.facts.compressed = true;
      // A new live history (a resume, a compression): Gemini CLI counts its prompt anew from the next model turn.
      harvester.facts.promptTokens = 0;
      continue;
    }
    if (typeof entry.id === 'string' && typeof entry.type === 'string') {
      messages.set(entry.id, entry);
      if (entry.type === 'gemini' && isObj(entry.tokens) && typeof entry.tokens.input === 'number') harvester.facts.promptTokens = entry.tokens.input;
    }
    else if (typeof entry.sessionId === 'string') harvester.feedEntry({ sessionId: entry.sessionId });
  }
  if (document.length) {
    const doc = parseLine(document.join('\n'));
    if (isObj(doc) && Array.isArray(doc.messages)) return geminiMessages(doc, harvester);
    harvester.facts.unreadable = 'not a Gemini CLI session (neither JSON lines nor one JSON document)';
    return;
  }
  for (const m of messages.values()) feedGeminiMessage(m, harvester);
}

function parseLine(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The model turn Gemini CLI puts after the summary when it compresses the history (chatCompressionService). */
const COMPRESSION_ACK = 'Got it. Thanks for the additional context!';
const isCompressionAck = (m: unknown): boolean => isObj(m) && m.type === 'gemini' && geminiText(m).trim() === COMPRESSION_ACK;

function geminiMessages(doc: Json, harvester: Harvester): void {
  harvester.feedEntry({ sessionId: doc.sessionId });
  for (const m of (doc.messages as unknown[]).filter(isObj)) feedGeminiMessage(m, harvester);
}

function geminiText(m: Json): string {
  if (typeof m.content === 'string') return m.content;
  return Array.isArray(m.content) ? m.content.filter(isObj).map((p) => p.text).filter((t) => typeof t === 'string').join('\n') : '';
}

function feedGeminiMessage(m: Json, harvester: Harvester): void {
  const text = geminiText(m);
  if (m.type === 'user') harvester.feedEntry({ type: 'user', message: { content: text } });
  if (m.type !== 'gemini') return;
  const calls = Array.isArray(m.toolCalls) ? m.toolCalls.filter(isObj) : [];
  const blocks = calls.map((c) => ({ type: 'tool_use', name: GEMINI_TOOLS[String(c.name)] ?? c.name, input: isObj(c.args) ? c.args : {} }));
  harvester.feedEntry({ type: 'assistant', message: { content: [{ type: 'text', text }, ...blocks] } });
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
  // The extension wraps what was typed in <task>, <feedback> or <answer>; Cline CLI 3.0 in <user_input mode="…">.
  const task = /<(task|feedback|answer|user_input)(?:\s[^>]*)?>\n?([\s\S]*?)\n?<\/\1>/.exec(text);
  return (task ? task[2]! : text).replace(/<environment_details>[\s\S]*?(<\/environment_details>|$)/g, '').trim();
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

/**
 * GitHub Copilot CLI's event log (`~/.copilot/session-state/<session>/events.jsonl`, as 1.0.102 writes
 * it): `{"type": "user.message" | "assistant.message", "data": {"content"}}`, and
 * `session.compaction_complete` with `outcome: "applied"` where the context was compacted. Copilot fires
 * preCompact before it knows there is nothing to compact, so what was said since the last applied
 * compaction is counted (`facts.saidSinceCompaction`).
 */
export async function readCopilotEvents(lines: AsyncIterable<string | null>, harvester: Harvester): Promise<void> {
  let said: number | null = null;
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
    else if (e.type === 'session.compaction_complete' && e.data.outcome === 'applied') said = 0;
    if (said !== null && (e.type === 'user.message' || e.type === 'assistant.message')) said++;
  }
  if (said !== null) harvester.facts.saidSinceCompaction = said;
}

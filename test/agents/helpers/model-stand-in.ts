/**
 * A stand-in for the model APIs the agents' CLIs speak, on 127.0.0.1 only:
 * Anthropic Messages (Claude Code), OpenAI Responses (Codex) and Chat
 * Completions (OpenCode, Copilot CLI, Cline), Gemini generateContent / streamGenerateContent
 * (Gemini CLI) — streamed (server-sent events) where the request asks for it.
 * Every request is recorded with its body, so a test asserts on what the
 * agent actually sent to the model; what it answers is up to the test
 * (`answer`), a short text by default.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Api = 'anthropic' | 'responses' | 'chat' | 'gemini' | 'other';

export interface Exchange {
  api: Api;
  method: string;
  path: string;
  /** The parsed JSON body (null when there was none, or it was not JSON). */
  body: any;
  /** The body as sent: what a "did the recap reach the model" assertion searches. */
  raw: string;
  streamed: boolean;
}

export interface ToolCall {
  name: string;
  args: Record<string, unknown>;
}

export interface Reply {
  text?: string;
  tools?: ToolCall[];
  /** Tokens the model "used": an agent compacts when the count passes its limit. */
  inputTokens?: number;
}

export interface StandIn {
  url: string;
  port: number;
  requests: Exchange[];
  /** Sets how the model answers a request (after the built-in answers to token counts and model lists). */
  answer(fn: (ex: Exchange) => Reply): void;
  /** The model requests (not token counts, model lists or telemetry) since `from`. */
  modelRequests(from?: number): Exchange[];
  close(): Promise<void>;
}

const MODEL_PATHS: [RegExp, Api][] = [
  [/\/v1\/messages(\?|$)/, 'anthropic'],
  [/\/responses(\?|$)/, 'responses'],
  [/\/chat\/completions(\?|$)/, 'chat'],
  [/:(stream)?[gG]enerateContent/, 'gemini'],
];

export async function startStandIn(): Promise<StandIn> {
  const requests: Exchange[] = [];
  let answerFn: (ex: Exchange) => Reply = () => ({ text: 'Done.' });
  let seq = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: any = null;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        body = null;
      }
      const path = req.url ?? '/';
      const api = MODEL_PATHS.find(([re]) => re.test(path))?.[1] ?? 'other';
      const streamed = api === 'gemini' ? /:streamGenerateContent/.test(path) : body?.stream === true;
      const ex: Exchange = { api, method: req.method ?? 'GET', path, body, raw, streamed };
      requests.push(ex);
      try {
        respond(ex, req, res, () => answerFn(ex), ++seq);
      } catch (err) {
        res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: String(err) } }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    answer: (fn) => void (answerFn = fn),
    modelRequests: (from = 0) => requests.slice(from).filter((r) => r.api !== 'other' && r.method === 'POST' && !/count_?[tT]okens/.test(r.path)),
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

function respond(ex: Exchange, _req: IncomingMessage, res: ServerResponse, reply: () => Reply, n: number): void {
  if (/count_?[tT]okens/.test(ex.path)) return sendJson(res, ex.api === 'gemini' ? { totalTokens: 100 } : { input_tokens: 100 });
  if (ex.api === 'other') {
    if (/\/models\b/.test(ex.path)) return sendJson(res, { object: 'list', data: [], models: [] });
    return sendJson(res, {});
  }
  const r = reply();
  const out = { text: r.text ?? '', tools: r.tools ?? [], input: r.inputTokens ?? 100, n };
  if (ex.api === 'anthropic') return ex.streamed ? sse(res, anthropicEvents(out)) : sendJson(res, anthropicMessage(out));
  if (ex.api === 'responses') return ex.streamed ? sse(res, responsesEvents(out)) : sendJson(res, responsesObject(out));
  if (ex.api === 'chat') return ex.streamed ? sse(res, chatChunks(out), true) : sendJson(res, chatCompletion(out));
  return ex.streamed ? sse(res, [{ data: geminiResponse(out) }]) : sendJson(res, geminiResponse(out));
}

interface Out {
  text: string;
  tools: ToolCall[];
  input: number;
  n: number;
}

function sendJson(res: ServerResponse, value: unknown): void {
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));
}

function sse(res: ServerResponse, events: { event?: string; data: unknown }[], done = false): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'close' });
  for (const e of events) res.write(`${e.event ? `event: ${e.event}\n` : ''}data: ${JSON.stringify(e.data)}\n\n`);
  if (done) res.write('data: [DONE]\n\n');
  res.end();
}

function anthropicMessage(o: Out): unknown {
  const content = [
    ...(o.text ? [{ type: 'text', text: o.text }] : []),
    ...o.tools.map((t, i) => ({ type: 'tool_use', id: `toolu_${o.n}_${i}`, name: t.name, input: t.args })),
  ];
  return {
    id: `msg_${o.n}`, type: 'message', role: 'assistant', model: 'stand-in', content,
    stop_reason: o.tools.length ? 'tool_use' : 'end_turn', stop_sequence: null,
    usage: { input_tokens: o.input, output_tokens: 20, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
  };
}

function anthropicEvents(o: Out): { event: string; data: unknown }[] {
  const msg = anthropicMessage(o) as { content: Record<string, unknown>[]; stop_reason: string };
  const events: { event: string; data: unknown }[] = [{
    event: 'message_start',
    data: { type: 'message_start', message: { ...msg, content: [], stop_reason: null, usage: { input_tokens: o.input, output_tokens: 1, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 } } },
  }];
  msg.content.forEach((block, index) => {
    if (block.type === 'text') {
      events.push({ event: 'content_block_start', data: { type: 'content_block_start', index, content_block: { type: 'text', text: '' } } });
      events.push({ event: 'content_block_delta', data: { type: 'content_block_delta', index, delta: { type: 'text_delta', text: block.text } } });
    } else {
      events.push({ event: 'content_block_start', data: { type: 'content_block_start', index, content_block: { ...block, input: {} } } });
      events.push({ event: 'content_block_delta', data: { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input) } } });
    }
    events.push({ event: 'content_block_stop', data: { type: 'content_block_stop', index } });
  });
  events.push({ event: 'message_delta', data: { type: 'message_delta', delta: { stop_reason: msg.stop_reason, stop_sequence: null }, usage: { output_tokens: 20 } } });
  events.push({ event: 'message_stop', data: { type: 'message_stop' } });
  return events;
}

function responsesItems(o: Out): Record<string, unknown>[] {
  return [
    ...(o.text ? [{ type: 'message', id: `msg_${o.n}`, role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: o.text, annotations: [] }] }] : []),
    ...o.tools.map((t, i) => ({ type: 'function_call', id: `fc_${o.n}_${i}`, call_id: `call_${o.n}_${i}`, name: t.name, arguments: JSON.stringify(t.args), status: 'completed' })),
  ];
}

function responsesObject(o: Out): Record<string, unknown> {
  return {
    id: `resp_${o.n}`, object: 'response', created_at: 0, status: 'completed', model: 'stand-in', output: responsesItems(o),
    usage: { input_tokens: o.input, input_tokens_details: { cached_tokens: 0 }, output_tokens: 20, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: o.input + 20 },
  };
}

function responsesEvents(o: Out): { event: string; data: unknown }[] {
  const done = responsesObject(o);
  const events: { event: string; data: unknown }[] = [{ event: 'response.created', data: { type: 'response.created', response: { ...done, status: 'in_progress', output: [] } } }];
  responsesItems(o).forEach((item, output_index) => {
    events.push({ event: 'response.output_item.added', data: { type: 'response.output_item.added', output_index, item: { ...item, ...(item.type === 'message' ? { content: [] } : {}) } } });
    if (item.type === 'message') events.push({ event: 'response.output_text.delta', data: { type: 'response.output_text.delta', item_id: item.id, output_index, content_index: 0, delta: o.text } });
    events.push({ event: 'response.output_item.done', data: { type: 'response.output_item.done', output_index, item } });
  });
  events.push({ event: 'response.completed', data: { type: 'response.completed', response: done } });
  return events;
}

function chatCompletion(o: Out): unknown {
  return {
    id: `chatcmpl-${o.n}`, object: 'chat.completion', created: 0, model: 'stand-in',
    choices: [{ index: 0, finish_reason: o.tools.length ? 'tool_calls' : 'stop', message: { role: 'assistant', content: o.text || null, ...(o.tools.length ? { tool_calls: chatToolCalls(o) } : {}) } }],
    usage: { prompt_tokens: o.input, completion_tokens: 20, total_tokens: o.input + 20 },
  };
}

function chatToolCalls(o: Out): unknown[] {
  return o.tools.map((t, index) => ({ index, id: `call_${o.n}_${index}`, type: 'function', function: { name: t.name, arguments: JSON.stringify(t.args) } }));
}

function chatChunks(o: Out): { data: unknown }[] {
  const base = { id: `chatcmpl-${o.n}`, object: 'chat.completion.chunk', created: 0, model: 'stand-in' };
  const chunks: { data: unknown }[] = [{ data: { ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] } }];
  if (o.text) chunks.push({ data: { ...base, choices: [{ index: 0, delta: { content: o.text }, finish_reason: null }] } });
  if (o.tools.length) chunks.push({ data: { ...base, choices: [{ index: 0, delta: { tool_calls: chatToolCalls(o) }, finish_reason: null }] } });
  chunks.push({ data: { ...base, choices: [{ index: 0, delta: {}, finish_reason: o.tools.length ? 'tool_calls' : 'stop' }], usage: { prompt_tokens: o.input, completion_tokens: 20, total_tokens: o.input + 20 } } });
  return chunks;
}

function geminiResponse(o: Out): unknown {
  const parts = [...(o.text ? [{ text: o.text }] : []), ...o.tools.map((t) => ({ functionCall: { name: t.name, args: t.args } }))];
  return {
    candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: o.input, candidatesTokenCount: 20, totalTokenCount: o.input + 20 },
    modelVersion: 'stand-in',
  };
}

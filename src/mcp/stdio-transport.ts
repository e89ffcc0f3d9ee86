/**
 * MCP over stdio: one JSON-RPC message per line. The SDK's own stdio transport
 * gives up (closes) on a line over 10 MiB and never notices the end of stdin;
 * this one collects a line's chunks without copying them again and again,
 * answers a line it cannot take with a JSON-RPC error and reads on. When
 * stdin ends it closes once every request it handed to the server has been
 * answered (the SDK drops the answers of a closed transport), or when the
 * server has sent nothing for `quietMs` (each call is bounded: see
 * call-bound.ts). It reads before the SDK is loaded: what arrives meanwhile
 * waits, in order, until the server connects (`start`).
 */
import type { JSONRPCMessage, McpSdkTransport } from './sdk-types.js';

/** The longest line taken: above any content a save accepts, with room for JSON escapes. */
export const MAX_LINE_BYTES = 64 * 1024 * 1024;

type Id = string | number | null;

export class LineTransport implements McpSdkTransport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private chunks: Buffer[] = [];
  private size = 0;
  /** The line being read is over the limit: its bytes are dropped, its start and end kept to find its id. */
  private dropping: { head: string; tail: Buffer } | null = null;
  private closed = false;
  /** Messages read before the server connected; null once it has. */
  private waiting: unknown[] | null = [];
  private ended = false;
  private validate: ((value: unknown) => JSONRPCMessage) | null = null;
  /** The first line read (its JSON, or null for none or one that was not JSON). */
  private first: ((value: unknown) => void) | null = null;
  /** A request answered before the server connected: the server's own answer to it is not sent again. */
  private answered: string | number | null = null;
  /** Requests handed to the server and not answered yet (by id; a client may reuse one). */
  private readonly unanswered = new Map<string, number>();
  /** Set once stdin ended: the transport closes when nothing is left unanswered. */
  private drainTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly input: NodeJS.ReadableStream,
    private readonly output: NodeJS.WritableStream,
    /** After stdin ended, how long the server may send nothing before the transport closes anyway. */
    private readonly quietMs = 60_000,
  ) {}

  /** Starts reading; resolves with the first message's JSON (null when the input ended, or its first line was not JSON). */
  listen(): Promise<unknown> {
    const first = new Promise<unknown>((resolve) => (this.first = resolve));
    this.input.on('data', this.onData);
    this.input.on('end', this.onEnd);
    this.input.on('error', this.onEnd);
    return first;
  }

  /** Sends `answer` to request `id` now, before the server connects, which then answers it unseen. */
  async answerEarly(id: string | number, answer: Record<string, unknown>): Promise<void> {
    const sent = this.send({ jsonrpc: '2.0', id, result: answer } as unknown as JSONRPCMessage);
    this.answered = id;
    await sent;
  }

  /** Called by the server as it connects: what was read meanwhile is handed over, checked with `validate`. */
  accept(validate: (value: unknown) => JSONRPCMessage): void {
    this.validate = validate;
  }

  async start(): Promise<void> {
    const waiting = this.waiting ?? [];
    this.waiting = null;
    for (const value of waiting) this.deliver(value);
    if (this.ended) this.drain();
  }

  send(message: JSONRPCMessage): Promise<void> {
    const answer = answerId(message);
    if (this.answered !== null && answer === this.answered) {
      this.answered = null;
      if ('error' in message) this.onerror?.(new Error(`initialize: ${JSON.stringify(message.error)}`));
      return Promise.resolve(this.settle(answer));
    }
    const sent = new Promise<void>((resolve) => {
      if (this.output.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.output.once('drain', resolve);
    });
    return answer === undefined ? sent : sent.then(() => this.settle(answer));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.drainTimer) clearTimeout(this.drainTimer);
    this.input.off('data', this.onData);
    this.input.off('end', this.onEnd);
    this.input.off('error', this.onEnd);
    this.chunks = [];
    this.firstLine(null);
    this.onclose?.();
  }

  private readonly onEnd = () => {
    this.firstLine(null);
    if (this.waiting) this.ended = true;
    else this.drain();
  };

  /** Stdin ended: close once every request handed over is answered, or once the server stays quiet too long. */
  private drain(): void {
    if (this.drainTimer || this.closed) return;
    this.drainTimer = setTimeout(() => void this.close(), this.quietMs);
    this.settle(undefined);
  }

  /** Request `id` was answered (or will never be); closes when it was the last one and stdin has ended. */
  private settle(id: Id | undefined): void {
    if (id !== undefined) {
      const key = idKey(id);
      const n = (this.unanswered.get(key) ?? 0) - 1;
      if (n > 0) this.unanswered.set(key, n);
      else this.unanswered.delete(key);
    }
    if (!this.drainTimer || this.closed) return;
    if (!this.unanswered.size) void this.close();
    else this.drainTimer.refresh();
  }

  private readonly onData = (data: Buffer | string) => {
    let chunk = typeof data === 'string' ? Buffer.from(data) : data;
    for (let nl = chunk.indexOf(0x0a); nl >= 0; nl = chunk.indexOf(0x0a)) {
      this.take(chunk.subarray(0, nl));
      this.endLine();
      chunk = chunk.subarray(nl + 1);
    }
    if (chunk.length) this.take(chunk);
  };

  private firstLine(value: unknown): void {
    const first = this.first;
    this.first = null;
    first?.(value);
  }

  private take(part: Buffer): void {
    if (this.dropping) {
      this.dropping.tail = Buffer.concat([this.dropping.tail, part]).subarray(-256);
      return;
    }
    this.chunks.push(part);
    this.size += part.length;
    if (this.size > MAX_LINE_BYTES) {
      const all = Buffer.concat(this.chunks);
      this.dropping = { head: all.subarray(0, 256).toString('utf8'), tail: all.subarray(-256) };
      this.chunks = [];
      this.size = 0;
    }
  }

  private endLine(): void {
    if (this.dropping) {
      const id = findId(this.dropping.head) ?? findId(this.dropping.tail.toString('utf8'));
      this.dropping = null;
      this.firstLine(null);
      void this.reply(id, -32600, `message over ${MAX_LINE_BYTES / 1024 / 1024} MiB refused: send less (save content is limited to 8 MiB)`);
      return;
    }
    const line = Buffer.concat(this.chunks).toString('utf8').replace(/\r$/, '');
    this.chunks = [];
    this.size = 0;
    if (!line.trim()) return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (err) {
      this.firstLine(null);
      void this.reply(null, -32700, `parse error: ${(err as Error).message}`);
      return;
    }
    this.firstLine(value);
    if (this.waiting) this.waiting.push(value);
    else this.deliver(value);
  }

  private deliver(value: unknown): void {
    let message: JSONRPCMessage;
    try {
      message = this.validate!(value);
    } catch {
      const id = typeof value === 'object' && value !== null && 'id' in value ? (value as { id: Id }).id : null;
      void this.reply(typeof id === 'string' || typeof id === 'number' ? id : null, -32600, 'invalid request: not a JSON-RPC 2.0 message');
      return;
    }
    if ('method' in message && 'id' in message) {
      const key = idKey(message.id as Id);
      this.unanswered.set(key, (this.unanswered.get(key) ?? 0) + 1);
    }
    this.onmessage?.(message);
    // The SDK sends no answer to a request the client cancelled.
    if ('method' in message && message.method === 'notifications/cancelled' && !('id' in message)) {
      const id = (message.params as { requestId?: unknown } | undefined)?.requestId;
      if ((typeof id === 'string' || typeof id === 'number') && this.unanswered.has(idKey(id))) this.settle(id);
    }
  }

  private reply(id: Id, code: number, message: string): Promise<void> {
    this.onerror?.(new Error(message));
    return this.send({ jsonrpc: '2.0', id, error: { code, message } } as unknown as JSONRPCMessage);
  }
}

/** The id `message` answers when it is a response (result or error); undefined otherwise. */
function answerId(message: JSONRPCMessage): Id | undefined {
  return 'id' in message && ('result' in message || 'error' in message) ? (message.id as Id) : undefined;
}

/** One key for an id, telling `1` from `"1"`. */
function idKey(id: Id): string {
  return typeof id === 'string' ? `s:${id}` : `n:${String(id)}`;
}

/** The request id in a fragment of a message (`"id":7` or `"id":"abc"`), as most clients write it first or last. */
function findId(fragment: string): Id {
  const m = /"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.){0,200}")/.exec(fragment);
  if (!m) return null;
  return m[1]!.startsWith('"') ? (JSON.parse(m[1]!) as string) : Number(m[1]);
}

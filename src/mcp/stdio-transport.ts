/**
 * MCP over stdio: one JSON-RPC message per line. The SDK's own stdio transport
 * gives up (closes) on a line over 10 MiB and never notices the end of stdin;
 * this one collects a line's chunks without copying them again and again,
 * answers a line it cannot take with a JSON-RPC error and reads on, and
 * closes when stdin ends.
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

  constructor(
    private readonly input: NodeJS.ReadableStream,
    private readonly output: NodeJS.WritableStream,
    private readonly validate: (value: unknown) => JSONRPCMessage,
  ) {}

  async start(): Promise<void> {
    this.input.on('data', this.onData);
    this.input.on('end', this.onEnd);
    this.input.on('error', this.onEnd);
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.output.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.output.once('drain', resolve);
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.input.off('data', this.onData);
    this.input.off('end', this.onEnd);
    this.input.off('error', this.onEnd);
    this.chunks = [];
    this.onclose?.();
  }

  private readonly onEnd = () => void this.close();

  private readonly onData = (data: Buffer | string) => {
    let chunk = typeof data === 'string' ? Buffer.from(data) : data;
    for (let nl = chunk.indexOf(0x0a); nl >= 0; nl = chunk.indexOf(0x0a)) {
      this.take(chunk.subarray(0, nl));
      this.endLine();
      chunk = chunk.subarray(nl + 1);
    }
    if (chunk.length) this.take(chunk);
  };

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
      void this.reply(null, -32700, `parse error: ${(err as Error).message}`);
      return;
    }
    let message: JSONRPCMessage;
    try {
      message = this.validate(value);
    } catch {
      const id = typeof value === 'object' && value !== null && 'id' in value ? (value as { id: Id }).id : null;
      void this.reply(typeof id === 'string' || typeof id === 'number' ? id : null, -32600, 'invalid request: not a JSON-RPC 2.0 message');
      return;
    }
    this.onmessage?.(message);
  }

  private reply(id: Id, code: number, message: string): Promise<void> {
    this.onerror?.(new Error(message));
    return this.send({ jsonrpc: '2.0', id, error: { code, message } } as unknown as JSONRPCMessage);
  }
}

/** The request id in a fragment of a message (`"id":7` or `"id":"abc"`), as most clients write it first or last. */
function findId(fragment: string): Id {
  const m = /"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.){0,200}")/.exec(fragment);
  if (!m) return null;
  return m[1]!.startsWith('"') ? (JSON.parse(m[1]!) as string) : Number(m[1]);
}

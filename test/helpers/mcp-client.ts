/**
 * The MCP SDK's own client on a real stdio pipe to `git checkpoint mcp` (the
 * built bundle), in a sandbox's environment.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { BUNDLE, type Sandbox } from './sandbox.js';

export interface McpSession {
  client: Client;
  /** What the server wrote to stderr so far. */
  stderr(): string;
  pid: number | null;
  close(): Promise<void>;
}

/** Starts a server in `cwd` and connects; `roots` makes the client offer them. */
export async function connectMcp(sb: Sandbox, cwd: string, opts: { roots?: string[]; env?: Record<string, string> } = {}): Promise<McpSession> {
  const transport = new StdioClientTransport({
    command: process.execPath, args: [BUNDLE, 'mcp'], cwd, env: { ...sb.env, ...opts.env }, stderr: 'pipe',
  });
  let err = '';
  transport.stderr?.on('data', (d: Buffer) => (err += d.toString('utf8')));
  const client = new Client({ name: 'test-client', version: '1.0.0' }, { capabilities: opts.roots ? { roots: { listChanged: true } } : {} });
  if (opts.roots) {
    const roots = opts.roots;
    client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: roots.map((r) => ({ uri: `file://${r}` })) }));
  }
  await client.connect(transport);
  return { client, stderr: () => err, pid: transport.pid, close: () => client.close() };
}

/** The text of a tool result's first content item. */
export function textOf(result: unknown): string {
  const content = (result as { content: { type: string; text: string }[] }).content;
  return content[0]!.text;
}

/**
 * How `git checkpoint mcp` starts: it reads stdin at once and answers a
 * plain `initialize` before loading the SDK and the tools (most of its
 * start-up), then hands what it read to the SDK server, in order.
 */
import type { Deps, McpIo } from '../io/deps.js';
import { answerInitialize } from './early-initialize.js';
import { LineTransport } from './stdio-transport.js';

/** Serves until stdin ends. */
export async function startMcp(deps: Deps, io: McpIo): Promise<void> {
  const transport = new LineTransport(io.input, io.output);
  const early = answerInitialize(await transport.listen());
  if (early) await transport.answerEarly(early.id, early.result);
  const { serveMcp } = await import('./server.js');
  await serveMcp(deps, io.loadSdk(), transport);
}

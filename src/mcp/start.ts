/**
 * How `git checkpoint mcp` starts: it reads stdin at once and answers a
 * plain `initialize` before loading the SDK and the tools (most of its
 * start-up), then hands what it read to the SDK server, in order.
 */
import type { Deps, McpIo } from '../io/deps.js';
import { callSeconds } from './call-bound.js';
import { answerInitialize } from './early-initialize.js';
import { LineTransport } from './stdio-transport.js';

/** Serves until stdin ends and every request read before that is answered. */
export async function startMcp(deps: Deps, io: McpIo): Promise<void> {
  const seconds = callSeconds(deps.env, (m) => deps.streams.err(`warning: ${m}\n`));
  // Past the bound, a call is answered: a server that sends nothing that long after its input ended is stuck, and ends.
  const transport = new LineTransport(io.input, io.output, (seconds + 5) * 1000);
  const early = answerInitialize(await transport.listen());
  if (early) await transport.answerEarly(early.id, early.result);
  const { serveMcp } = await import('./server.js');
  await serveMcp(deps, io.loadSdk(), transport, seconds);
}

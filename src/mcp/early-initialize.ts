/**
 * The answer to `initialize`, given before the MCP SDK and the tools load:
 * a client waits for it before anything else, and loading the SDK is most of
 * the server's start-up. The SDK's server still sees the request (its answer
 * is then not sent again), so it knows the client as if it had answered.
 * Only a plain, well-formed request is answered early; anything else waits
 * for the SDK, which answers it (or refuses it) itself.
 */
import { VERSION } from '../version.js';

/** What the server says of itself; the SDK server is built with the same (server.ts). */
export const SERVER_INFO = { name: 'git-checkpoint', version: VERSION };
export const SERVER_INSTRUCTIONS =
  'Checkpoints of working sessions stored in git. Call checkpoint_recap at the start of a session, checkpoint_decide when you take a decision, checkpoint_save before you stop.';
/** What the SDK's McpServer announces once tools, resources and prompts are registered. */
export const SERVER_CAPABILITIES = { tools: { listChanged: true }, resources: { listChanged: true }, prompts: { listChanged: true } };

/**
 * The protocol versions the bundled SDK speaks, newest first (its
 * SUPPORTED_PROTOCOL_VERSIONS; a unit test holds the two lists equal).
 */
export const PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07'];

export interface EarlyAnswer {
  id: string | number;
  result: Record<string, unknown>;
}

/** The answer to `message` when it is a plain `initialize` request; null otherwise. */
export function answerInitialize(message: unknown): EarlyAnswer | null {
  if (!isObject(message) || message.jsonrpc !== '2.0' || message.method !== 'initialize') return null;
  const { id, params } = message;
  if ((typeof id !== 'string' && typeof id !== 'number') || !isObject(params)) return null;
  const { protocolVersion, capabilities, clientInfo } = params;
  if (typeof protocolVersion !== 'string' || !isObject(capabilities) || !isObject(clientInfo)) return null;
  if (typeof clientInfo.name !== 'string' || typeof clientInfo.version !== 'string') return null;
  const version = PROTOCOL_VERSIONS.includes(protocolVersion) ? protocolVersion : PROTOCOL_VERSIONS[0]!;
  return { id, result: { protocolVersion: version, capabilities: SERVER_CAPABILITIES, serverInfo: SERVER_INFO, instructions: SERVER_INSTRUCTIONS } };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

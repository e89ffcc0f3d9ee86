/**
 * The part of the MCP SDK the server uses, bundled on its own as
 * dist/mcp-sdk.cjs (build.mjs): only `git checkpoint mcp` loads it, so no
 * other command's start-up pays for the SDK, its zod copies or ajv.
 */
export { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
export { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
export { JSONRPCMessageSchema, RootsListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
export type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
export type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

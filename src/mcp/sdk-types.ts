/** Types of the MCP SDK (erased at build time: the SDK itself loads only through Deps.mcpIo). */
import type { McpSdk } from '../io/deps.js';

export type { JSONRPCMessage, Transport as McpSdkTransport } from '../../bundles/mcp-sdk.js';
export type McpServer = InstanceType<McpSdk['McpServer']>;

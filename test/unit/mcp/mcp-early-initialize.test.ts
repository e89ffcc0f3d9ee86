/**
 * `initialize` is answered before the SDK loads: the answer must be the one
 * the SDK server itself gives, for every protocol version a client may ask
 * for, and only a plain request is answered early.
 */
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import type { Deps } from '../../../src/io/deps.js';
import * as sdk from '../../../bundles/mcp-sdk.js';
import { answerInitialize, PROTOCOL_VERSIONS } from '../../../src/mcp/early-initialize.js';
import { createServer } from '../../../src/mcp/server.js';

const request = (protocolVersion: string, id: string | number = 1) => ({
  jsonrpc: '2.0', id, method: 'initialize',
  params: { protocolVersion, capabilities: { roots: { listChanged: true } }, clientInfo: { name: 'client', version: '1.0.0' } },
});

/** The SDK server's own answer to `message`, as built by createServer with every tool registered. */
async function sdkAnswer(message: Record<string, unknown>): Promise<unknown> {
  const { server } = createServer({ cwd: '/', env: {}, now: () => new Date(0) } as unknown as Deps, sdk);
  const [client, end] = InMemoryTransport.createLinkedPair();
  const answer = new Promise((resolve) => (client.onmessage = resolve));
  await server.connect(end);
  await client.send(message as never);
  const got = await answer;
  await server.close();
  return got;
}

describe('the early answer to initialize', () => {
  it('speaks the protocol versions of the bundled SDK, newest first', () => {
    expect(PROTOCOL_VERSIONS).toEqual(SUPPORTED_PROTOCOL_VERSIONS);
    expect(PROTOCOL_VERSIONS[0]).toBe(LATEST_PROTOCOL_VERSION);
  });

  it.each([...SUPPORTED_PROTOCOL_VERSIONS, '2023-01-01', 'not-a-version'])('is the SDK server\'s own answer to version %s', async (version) => {
    const message = request(version, `id-${version}`);
    const early = answerInitialize(message)!;
    expect({ jsonrpc: '2.0', id: early.id, result: early.result }).toEqual(await sdkAnswer(message));
  });

  it('leaves anything but a plain initialize request to the SDK', () => {
    const ok = request('2025-06-18');
    expect(answerInitialize(ok)).not.toBeNull();
    expect(answerInitialize({ ...ok, method: 'tools/list' })).toBeNull();
    expect(answerInitialize({ ...ok, jsonrpc: '1.0' })).toBeNull();
    expect(answerInitialize({ ...ok, id: null })).toBeNull();
    expect(answerInitialize({ ...ok, params: { ...ok.params, clientInfo: { name: 'client' } } })).toBeNull();
    expect(answerInitialize({ ...ok, params: { ...ok.params, capabilities: [] } })).toBeNull();
    expect(answerInitialize({ ...ok, params: { ...ok.params, protocolVersion: 7 } })).toBeNull();
    expect(answerInitialize([ok])).toBeNull();
    expect(answerInitialize(null)).toBeNull();
  });
});

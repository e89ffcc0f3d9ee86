/**
 * Stands in for the SDK's Ajv validator in dist/mcp-sdk.cjs (build.mjs): it
 * validates elicitation answers, which this server never asks for, and the
 * server passes its own validator (src/mcp/server.ts). Ajv and its formats
 * are a third of the SDK bundle, read and compiled on every start for nothing.
 */
export class AjvJsonSchemaValidator {
  constructor() {
    throw new Error('git-checkpoint mcp bundles no Ajv: pass a jsonSchemaValidator');
  }
}

/**
 * Every command's `--json` document, by command: the one source that the
 * man page's JSON OUTPUT section, the command code (through the inferred
 * types) and the tests (as JSON Schema, draft 2020-12) all follow.
 * Commands without an entry refuse `--json`.
 */
import * as z from 'zod/mini';
import { recordSchema } from '../checkpoint/record/schema.js';
import { agentJson, configJson, doctorJson, installJson, uninstallJson, versionJson } from './json-admin.js';
import { diffJson, listJson, logJson, reconciledJson, reconcileJson } from './json-read.js';
import { applyJson, fetchJson, pushJson, rewriteJson, saveJson, switchJson } from './json-write.js';

export const JSON_OUTPUTS = {
  save: saveJson,
  synthesize: saveJson,
  list: listJson,
  show: recordSchema,
  resume: reconciledJson,
  status: reconciledJson,
  diff: diffJson,
  apply: applyJson,
  log: logJson,
  switch: switchJson,
  prune: rewriteJson,
  drop: rewriteJson,
  push: pushJson,
  fetch: fetchJson,
  install: installJson,
  uninstall: uninstallJson,
  agent: agentJson,
  doctor: doctorJson,
  config: configJson,
  '--version': versionJson,
} as const;

export type JsonOutputOf<C extends keyof typeof JSON_OUTPUTS> = z.output<(typeof JSON_OUTPUTS)[C]>;

/** Sub-documents named once (the man page documents them by these names) and referenced from the rest. */
export const SHARED_DOCUMENTS = { record: recordSchema, reconcile: reconcileJson } as const;

/** The JSON Schema of `command`'s document; the record and the reconciliation are `$defs`. */
export function jsonSchemaFor(command: keyof typeof JSON_OUTPUTS): Record<string, unknown> {
  const names = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(SHARED_DOCUMENTS)) names.add(schema, { id });
  const schema = JSON_OUTPUTS[command];
  return z.toJSONSchema(schema, { target: 'draft-2020-12', metadata: names, io: 'output' }) as Record<string, unknown>;
}

/** The `--json` documents of the set-up commands: install, uninstall, agent, doctor, config, --version. */
import * as z from 'zod/mini';
import { configValue } from './json-common.js';

export const installJson = z.object({
  manual: z.boolean(),
  hooksDir: z.string(),
  /** The hook manager that owns the hooks directory (then no hook is written), or null. */
  manager: z.nullable(z.string()),
  writer: z.string(),
  writerCreated: z.boolean(),
  hooks: z.array(z.object({ name: z.string(), action: z.enum(['create', 'update', 'unchanged', 'chain', 'replace', 'blocked']) })),
  /** Config values added (with --manual: to add). */
  config: z.array(configValue),
});

export const uninstallJson = z.object({
  hooksDir: z.string(),
  hooks: z.array(z.object({ name: z.string(), action: z.enum(['removed', 'restored', 'absent', 'foreign']) })),
  /** Each config value install added: removed, or kept with the reason. */
  config: z.array(z.object({ key: z.string(), value: z.string(), action: z.enum(['removed', 'kept']), why: z.nullable(z.string()) })),
  /** What could not be removed (exit 1); a second uninstall finishes the job. */
  failed: z.array(z.object({ what: z.string(), reason: z.string() })),
});

export const agentJson = z.object({
  action: z.enum(['install', 'uninstall']),
  agent: z.string(),
  scope: z.enum(['personal', 'project', 'user']),
  mcp: z.nullable(z.object({ path: z.string(), changed: z.boolean() })),
  changes: z.array(z.object({ path: z.string(), what: z.string() })),
  /** Entries found but not ours to change, described. */
  leftAlone: z.array(z.string()),
});

export const doctorJson = z.object({
  ok: z.boolean(),
  fixed: z.boolean(),
  findings: z.array(z.object({ check: z.string(), ok: z.boolean(), detail: z.string() })),
});

export const configJson = z.object({
  settings: z.array(z.object({
    key: z.string(),
    type: z.enum(['bool', 'bool-or-nowip', 'string', 'size', 'seconds', 'choice', 'globs', 'regexes']),
    values: z.array(z.object({ value: z.string(), scope: z.string(), origin: z.string(), error: z.nullable(z.string()) })),
    default: z.nullable(z.string()),
    description: z.string(),
  })),
  unknown: z.array(z.string()),
});

export const versionJson = z.object({ version: z.string() });

/**
 * Every `checkpoint.*` setting, declared once: its type, default and what it
 * does. `git checkpoint config` lists them with their effective values and
 * where each comes from, and the man page's CONFIGURATION section is checked
 * against this table. Values are judged with git's own type rules
 * (config-values.ts), as the code that uses them reads them.
 */
import { parseBool, parseSeconds, parseSize } from './config-values.js';

export type SettingType = 'bool' | 'bool-or-nowip' | 'string' | 'size' | 'seconds' | 'choice' | 'globs' | 'regexes';

export interface SettingDef {
  key: string;
  type: SettingType;
  /** Several values (`git config --add`). */
  multiple: boolean;
  /** The value that applies when the key is unset, as a person would write it; null when it depends (said in `description`). */
  default: string | null;
  choices?: readonly string[];
  description: string;
}

export const SETTINGS: readonly SettingDef[] = [
  { key: 'checkpoint.writer', type: 'string', multiple: false, default: null, description: "this clone's writer id, created by the first save or by install" },
  { key: 'checkpoint.remote', type: 'string', multiple: false, default: null, description: "the remote for push, fetch and the pre-push hook (unset: the branch's remote, else origin)" },
  { key: 'checkpoint.autoPush', type: 'bool-or-nowip', multiple: false, default: 'true', description: 'whether the pre-push hook pushes your checkpoints; nowip: without their wip trees' },
  { key: 'checkpoint.wip', type: 'bool', multiple: false, default: 'true', description: 'whether save snapshots the uncommitted work' },
  { key: 'checkpoint.hookPrompt', type: 'choice', multiple: false, default: 'remind', choices: ['remind', 'ask', 'off'], description: 'what the post-checkout hook does on a branch switch' },
  { key: 'checkpoint.exclude', type: 'globs', multiple: true, default: null, description: 'globs of files kept out of the wip snapshot, besides the credential files' },
  { key: 'checkpoint.maxFileSize', type: 'size', multiple: false, default: '1m', description: 'files larger than this are kept out of the wip snapshot' },
  { key: 'checkpoint.redact', type: 'regexes', multiple: true, default: null, description: 'extra patterns redacted from every checkpoint (reason custom)' },
  { key: 'checkpoint.agentHookTimeout', type: 'seconds', multiple: false, default: '10', description: "how long an agent hook may take before it gives up without blocking the agent (seconds)" },
  { key: 'checkpoint.redactAllow', type: 'regexes', multiple: true, default: null, description: 'matches kept when their whole text matches one of these' },
];

/** Why `value` is not valid for `def`, or null when it is. */
export function checkSetting(def: SettingDef, value: string): string | null {
  switch (def.type) {
    case 'bool':
      return parseBool(value) === null ? `bad boolean config value '${value}'` : null;
    case 'bool-or-nowip':
      return value.trim().toLowerCase() === 'nowip' || parseBool(value) !== null ? null : `expected a boolean or nowip, not '${value}'`;
    case 'size':
      return parseSize(value) === null ? `expected a size (512, 100k, 1m, 1g), not '${value}'` : null;
    case 'seconds':
      return parseSeconds(value) === null ? `expected a number of seconds (0.5 to 3600), not '${value}'` : null;
    case 'choice':
      return def.choices!.includes(value.trim()) ? null : `expected ${def.choices!.join(', ')}, not '${value}'`;
    case 'regexes':
      return checkRegex(value);
    default:
      return null;
  }
}

function checkRegex(source: string): string | null {
  try {
    return new RegExp(source).test('') ? `'${source}' matches the empty string` : null;
  } catch (err) {
    return (err as Error).message;
  }
}

/**
 * Every `checkpoint.*` setting, declared once: its type, default and what it
 * does. `git checkpoint config` lists them with their effective values and
 * where each comes from, and the man page's CONFIGURATION section is checked
 * against this table. Values are judged with git's own type rules
 * (config-values.ts), as the code that uses them reads them.
 */
import { FatalError } from '../../errors.js';
import {
  autoPushSetting, badConfigValue, choiceSetting, parseBool, parseSeconds, parseSize, regexProblem, remoteNameProblem, SECONDS_EXPECTED, writerProblem,
} from './config-values.js';
import { globProblem } from './exclude-globs.js';

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

/**
 * The fatal error a command gives when it reads `value` for `def` (git's
 * rule: `fatal: bad … config value '<value>' for '<key>'`, exit 128); null
 * when the value is valid. `config` and `doctor` show the same message.
 */
export function settingError(def: SettingDef, value: string): FatalError | null {
  switch (def.type) {
    case 'bool':
      return parseBool(value) === null ? badConfigValue(def.key, value, 'boolean') : null;
    case 'bool-or-nowip':
      return failure(() => autoPushSetting(value));
    case 'size':
      return parseSize(value) === null ? badConfigValue(def.key, value, 'numeric') : null;
    case 'seconds':
      return why(def, value, parseSeconds(value) === null ? SECONDS_EXPECTED : null);
    case 'choice':
      return failure(() => choiceSetting(value, def.key, def.choices!, def.choices![0]!));
    case 'globs':
      return why(def, value, globProblem(value));
    case 'regexes':
      return why(def, value, regexProblem(value));
    case 'string':
      return why(def, value, def.key === 'checkpoint.writer' ? writerProblem(value) : def.key === 'checkpoint.remote' ? remoteNameProblem(value) : null);
  }
}

/** Why `value` is not valid for `def` (the fatal error's message), or null when it is. */
export function checkSetting(def: SettingDef, value: string): string | null {
  return settingError(def, value)?.message ?? null;
}

function failure(read: () => unknown): FatalError | null {
  try {
    read();
    return null;
  } catch (err) {
    if (err instanceof FatalError) return err;
    throw err;
  }
}

function why(def: SettingDef, value: string, problem: string | null): FatalError | null {
  return problem === null ? null : badConfigValue(def.key, value, 'other', problem);
}

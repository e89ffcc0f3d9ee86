/** The settings table (src/checkpoint/config/settings.ts) declares every checkpoint.* key the code reads, and only those. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkSetting, SETTINGS } from '../../../../src/checkpoint/config/settings.js';

const SRC = fileURLToPath(new URL('../../../../src', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

describe('settings', () => {
  it('declares exactly the checkpoint.* keys the code reads', () => {
    const used = new Set<string>();
    for (const file of sources(SRC)) {
      if (file.endsWith('settings.ts')) continue;
      for (const m of readFileSync(file, 'utf8').matchAll(/['`]checkpoint\.([a-z][A-Za-z]+)['`]/g)) if (m[1] !== 'json') used.add(`checkpoint.${m[1]}`);
    }
    expect([...used].sort()).toEqual(SETTINGS.map((d) => d.key).sort());
  });

  it.each([
    ['checkpoint.wip', 'yes', null],
    ['checkpoint.wip', 'maybe', "bad boolean config value 'maybe' for 'checkpoint.wip'"],
    ['checkpoint.autoPush', 'nowip', null],
    ['checkpoint.autoPush', 'later', "bad config value 'later' for 'checkpoint.autoPush': expected a boolean or nowip"],
    ['checkpoint.maxFileSize', '100k', null],
    ['checkpoint.maxFileSize', 'lots', "bad numeric config value 'lots' for 'checkpoint.maxFileSize': invalid unit"],
    ['checkpoint.hookPrompt', 'ASK', null],
    ['checkpoint.hookPrompt', 'shout', "bad config value 'shout' for 'checkpoint.hookPrompt': expected remind, ask, off"],
    ['checkpoint.exclude', '[', `bad config value '[' for 'checkpoint.exclude': Missing closing: "]"`],
    ['checkpoint.exclude', 'a]', null],
    ['checkpoint.exclude', '\\', "bad config value '\\' for 'checkpoint.exclude': it matches no path"],
    ['checkpoint.writer', 'ada-k3x9q2', null],
    ['checkpoint.writer', 'Ada', "bad config value 'Ada' for 'checkpoint.writer': expected <slug>-<6 of [a-z0-9]>, lowercase"],
    ['checkpoint.remote', 'upstream', null],
    ['checkpoint.remote', '-u', null],
    ['checkpoint.agentHookTimeout', '2.5', null],
    ['checkpoint.agentHookTimeout', 'soon', "bad config value 'soon' for 'checkpoint.agentHookTimeout': expected a number of seconds, 0.5 to 3600"],
    ['checkpoint.remote', 'a/b', expect.stringMatching(/^bad config value 'a\/b' for 'checkpoint.remote': not a remote name/)],
    ['checkpoint.redact', '(', "bad config value '(' for 'checkpoint.redact': Invalid regular expression: /(/: Unterminated group"],
    ['checkpoint.redactAllow', 'a*', "bad config value 'a*' for 'checkpoint.redactAllow': it matches the empty string"],
  ])('%s = %j', (key, value, error) => {
    expect(checkSetting(SETTINGS.find((d) => d.key === key)!, value)).toEqual(error);
  });

  it('judges every key: each type has a value it refuses', () => {
    const refused: Record<string, string> = { bool: 'maybe', 'bool-or-nowip': 'maybe', size: 'lots', choice: 'zzz', globs: '[', regexes: '(', string: 'a/b', seconds: 'soon' };
    for (const def of SETTINGS) {
      expect(checkSetting(def, refused[def.type]!), def.key).not.toBeNull();
    }
  });
});

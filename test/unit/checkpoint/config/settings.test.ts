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
    ['checkpoint.wip', 'maybe', "bad boolean config value 'maybe'"],
    ['checkpoint.autoPush', 'nowip', null],
    ['checkpoint.maxFileSize', '100k', null],
    ['checkpoint.hookPrompt', 'shout', "expected remind, ask, off, not 'shout'"],
    ['checkpoint.redact', '(', 'Invalid regular expression: /(/: Unterminated group'],
    ['checkpoint.redactAllow', 'a*', "'a*' matches the empty string"],
  ])('%s = %j', (key, value, error) => {
    expect(checkSetting(SETTINGS.find((d) => d.key === key)!, value)).toBe(error);
  });
});

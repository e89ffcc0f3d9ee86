import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../../src/cli/commands.js';
import { SECRET_FORMATS } from '../../../src/checkpoint/secrets/secret-formats.js';

const man = readFileSync(new URL('../../../man/git-checkpoint.1', import.meta.url), 'utf8');
/** roff writes a hyphen in a flag as `\-`. */
const plain = man.replace(/\\-/g, '-');

describe('man/git-checkpoint.1', () => {
  it('documents every command of SPEC §5', () => {
    const spec = ['save', 'list', 'show', 'resume', 'status', 'diff', 'apply', 'log', 'synthesize', 'push', 'fetch',
      'install', 'uninstall', 'switch', 'prune', 'drop', 'doctor', 'hook', 'agent', 'help', 'mcp'];
    for (const cmd of spec) expect(plain.includes(`.TP\n\\fB${cmd}\\fR`) || plain.includes(`.TP\n\\fB${cmd} `), cmd).toBe(true);
  });

  it('documents every flag of every registered command', () => {
    for (const [name, entry] of Object.entries(COMMANDS)) {
      for (const o of entry.options) expect(plain, `${name} --${o.name}`).toContain(`--${o.name}`);
    }
  });

  it('documents every exit code and config key', () => {
    for (const code of ['0', '1', '2', '3', '128', '129']) expect(plain).toContain(`.B ${code}\n`);
    for (const key of ['checkpoint.writer', 'checkpoint.remote', 'checkpoint.autoPush', 'checkpoint.wip', 'checkpoint.hookPrompt',
      'checkpoint.exclude', 'checkpoint.maxFileSize', 'notes.displayRef', 'notes.rewriteRef']) expect(plain).toContain(key);
  });

  it('lists every provider of the secret rule table with the literal parts of each of its formats', () => {
    const section = plain.slice(plain.indexOf('.SS Provider tokens'), plain.indexOf('.SH ENVIRONMENT'));
    const missing: string[] = [];
    for (const f of SECRET_FORMATS) {
      const entry = section.indexOf(`.B ${f.provider}\n`);
      const body = entry < 0 ? '' : section.slice(entry, section.indexOf('\n.TP', entry + 1) >>> 0);
      for (const literal of [f.provider, ...f.parts.filter((p): p is string => typeof p === 'string'), ...(f.context ?? [])]) {
        if (!(literal === f.provider ? entry >= 0 : body.includes(literal))) missing.push(`${f.provider}: ${literal}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

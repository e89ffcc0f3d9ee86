/**
 * `agent uninstall` leaves the tree as install found it: for every agent and
 * scope, the files and folders of the repository and of the home directory
 * are the same before install and after uninstall — the folders install made
 * for its files (`.claude/`, `.cline/plugins/`, `~/.codex/`, …) go with them,
 * and a folder that held something else before stays.
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSandbox, type Sandbox } from '../helpers/sandbox.js';

let sb: Sandbox;
beforeAll(() => {
  sb = makeSandbox();
});
afterAll(() => sb.cleanup());

/** Every path under `root` (folders marked with a trailing slash), but git's object store. */
function tree(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, e.name);
      if (relative(root, path) === join('.git', 'objects')) continue;
      out.push(relative(root, path) + (e.isDirectory() ? '/' : ''));
      if (e.isDirectory()) walk(path);
    }
  };
  walk(root);
  return out.sort();
}

const AGENTS = ['claude', 'codex', 'gemini', 'cursor', 'copilot', 'cline', 'opencode'];
const SCOPES: [string, string[]][] = [['(personal)', []], ['--project', ['--project']], ['--user', ['--user']]];

describe.each(AGENTS)('%s', (agent) => {
  it.each(SCOPES)('install then uninstall %s leaves the same files and folders', async (_label, scope) => {
    const name = `${agent}${scope.join('')}`;
    const dir = sb.repo(`tree-${name}`);
    const home = join(sb.root, `home-${name}`);
    // A folder the user had before, with their own file: it stays.
    mkdirSync(join(home, '.config'), { recursive: true });
    writeFileSync(join(home, '.config', 'theirs.txt'), 'kept\n');
    const env = { HOME: home };
    const before = { repo: tree(dir), home: tree(home) };
    const install = await sb.ckpt(dir, ['agent', 'install', agent, ...scope], { env });
    expect(install.code, install.stderr).toBe(0);
    const during = { repo: tree(dir), home: tree(home) };
    expect(during, 'install wrote something').not.toEqual(before);
    const uninstall = await sb.ckpt(dir, ['agent', 'uninstall', agent, ...scope], { env });
    expect(uninstall.code, uninstall.stderr).toBe(0);
    expect({ repo: tree(dir), home: tree(home) }).toEqual(before);
  });
});

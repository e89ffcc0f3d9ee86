import { describe, expect, it } from 'vitest';
import { createGitFileExclusive, readGitFile, type GitFilesFs } from '../../../src/git/git-files.js';

/**
 * A file system whose writes are not atomic, like a real one: a file is
 * created empty and filled a moment later. `link` is atomic, as link(2) is.
 * `states` records every content each path passed through.
 */
function slowWritingFs(): GitFilesFs & { states: Map<string, string[]> } {
  const files = new Map<string, string>();
  const states = new Map<string, string[]>();
  const set = (path: string, text: string) => {
    files.set(path, text);
    states.set(path, [...(states.get(path) ?? []), text]);
  };
  const fail = (code: string) => Object.assign(new Error(code), { code });
  return {
    states,
    readFile: async (path) => {
      const text = files.get(path);
      if (text === undefined) throw fail('ENOENT');
      return text;
    },
    writeFile: async (path, data, opts) => {
      if (opts?.flag === 'wx' && files.has(path)) throw fail('EEXIST');
      set(path, '');
      await new Promise<void>((r) => setImmediate(r));
      set(path, data);
    },
    mkdir: async () => undefined,
    rename: async (from, to) => {
      set(to, files.get(from)!);
      files.delete(from);
    },
    link: async (existing, path) => {
      if (files.has(path)) throw fail('EEXIST');
      set(path, files.get(existing)!);
    },
    unlink: async (path) => {
      if (!files.delete(path)) throw fail('ENOENT');
    },
  };
}

describe('git-dir lock files', () => {
  it('appear with their content: a waiter never reads an empty lock (which it would take for a dead one)', async () => {
    const fs = slowWritingFs();
    const results = await Promise.all([
      createGitFileExclusive(fs, '/git', 'writer.lock', '1700000000000'),
      createGitFileExclusive(fs, '/git', 'writer.lock', '1700000000001'),
    ]);
    expect(results.sort()).toEqual([false, true]);
    const lock = '/git/checkpoint/writer.lock';
    expect(fs.states.get(lock)).toHaveLength(1);
    expect(fs.states.get(lock)![0]).toMatch(/^17000000000\d\d$/);
    expect(await readGitFile(fs, '/git', 'writer.lock')).toBe(fs.states.get(lock)![0]);
    // No temporary file is left behind.
    const temps = [...fs.states.keys()].filter((p) => p.endsWith('.tmp'));
    expect(temps).toHaveLength(2);
    expect(await Promise.all(temps.map((p) => fs.readFile(p, 'utf8').then(() => 'left', () => 'gone')))).toEqual(['gone', 'gone']);
  });

  it('still locks on a file system without hard links', async () => {
    const fs = { ...slowWritingFs(), link: async () => Promise.reject(Object.assign(new Error('EPERM'), { code: 'EPERM' })) };
    expect(await createGitFileExclusive(fs, '/git', 'writer.lock', '1')).toBe(true);
    expect(await createGitFileExclusive(fs, '/git', 'writer.lock', '2')).toBe(false);
    expect(await readGitFile(fs, '/git', 'writer.lock')).toBe('1');
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import * as fsp from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { removeFile } from '../../../src/git/worktree-files.js';

let top: string;
afterEach(() => rmSync(top, { recursive: true, force: true }));

describe('removeFile', () => {
  it('takes the folders the removal leaves empty, up to the top, and keeps a folder that holds something else', async () => {
    top = mkdtempSync(join(tmpdir(), 'gcp-rm-'));
    mkdirSync(join(top, 'a', 'b', 'c'), { recursive: true });
    writeFileSync(join(top, 'a', 'keep.txt'), 'x');
    writeFileSync(join(top, 'a', 'b', 'c', 'f.txt'), 'x');
    await removeFile(fsp, top, 'a/b/c/f.txt');
    expect([existsSync(join(top, 'a', 'b')), existsSync(join(top, 'a', 'keep.txt')), existsSync(top)]).toEqual([false, true, true]);
  });

  it('is quiet when the file is already gone, and fails when it cannot be removed (nothing claimed that did not happen)', async () => {
    top = mkdtempSync(join(tmpdir(), 'gcp-rm-'));
    await expect(removeFile(fsp, top, 'gone/f.txt')).resolves.toBeUndefined();
    // A folder in the file's place cannot be unlinked.
    mkdirSync(join(top, 'd', 'f.txt'), { recursive: true });
    await expect(removeFile(fsp, top, 'd/f.txt')).rejects.toMatchObject({ code: expect.stringMatching(/^(EISDIR|EPERM)$/) });
    expect(existsSync(join(top, 'd', 'f.txt'))).toBe(true);
  });
});

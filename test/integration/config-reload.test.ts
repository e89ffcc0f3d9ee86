/**
 * A repository kept open (the MCP server, a first save waiting for the writer
 * lock) reads config again when asked to reload and a file changed: from a
 * subdirectory too (git names the local file relative to the top), and a
 * write that lands while the first read runs is never lost.
 */
import { mkdirSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCliRepo } from '../../src/git/cli/cli-repo.js';
import { makeSandbox, type Sandbox } from '../helpers/sandbox.js';

let sb: Sandbox;
beforeAll(() => {
  sb = makeSandbox();
});
afterAll(() => sb.cleanup());

describe('config reload', () => {
  it('sees a value another process wrote, opened from a subdirectory', async () => {
    const dir = sb.repo('sub-reload');
    mkdirSync(join(dir, 'a', 'b'), { recursive: true });
    const repo = await openCliRepo(join(dir, 'a', 'b'), sb.env);
    expect(await repo.getConfig('checkpoint.writer')).toBeNull();
    sb.git(dir, 'config', 'checkpoint.writer', 'other-abc123');
    repo.reloadConfig();
    expect(await repo.getConfig('checkpoint.writer')).toBe('other-abc123');
    await repo.close();
  });

  it('reads again after a write that came while the first read was under way', async () => {
    const dir = sb.repo('during-read');
    const repo = await openCliRepo(dir, sb.env);
    // Written right after the open started its read: the read may or may not have seen it.
    sb.git(dir, 'config', 'checkpoint.writer', 'late-abc123');
    await repo.getConfig('core.bare');
    repo.reloadConfig();
    expect(await repo.getConfig('checkpoint.writer')).toBe('late-abc123');
    await repo.close();
  });

  it('sees a config file replaced by one whose time was set back (a restore keeps old times)', async () => {
    const dir = sb.repo('old-times');
    const anHourAgo = new Date(Date.now() - 3600_000);
    for (const file of [join(dir, '.git', 'config'), sb.env.GIT_CONFIG_GLOBAL!]) utimesSync(file, anHourAgo, anHourAgo);
    await new Promise((r) => setTimeout(r, 300));
    const repo = await openCliRepo(dir, sb.env);
    expect(await repo.getConfig('checkpoint.writer')).toBeNull();
    sb.git(dir, 'config', 'checkpoint.writer', 'restored-abc123');
    utimesSync(join(dir, '.git', 'config'), anHourAgo, anHourAgo);
    repo.reloadConfig();
    expect(await repo.getConfig('checkpoint.writer')).toBe('restored-abc123');
    await repo.close();
  });
});

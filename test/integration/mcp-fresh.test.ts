/**
 * A long-lived `git checkpoint mcp` keeps what cannot change (walks between
 * commit ids, the listing of unchanged chains, config of unchanged files)
 * across calls: every answer must still follow what the user did with plain
 * git or the CLI between two calls of one server.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMcp, textOf, type McpSession } from '../helpers/mcp-client.js';
import { makeSandbox, type Sandbox } from '../helpers/sandbox.js';

let sb: Sandbox;
let dir: string;
let mcp: McpSession;
beforeAll(async () => {
  sb = makeSandbox();
  dir = sb.repo('fresh');
  const saved = await sb.ckpt(dir, ['save', '-m', 'first task']);
  expect(saved.code, saved.stderr).toBe(0);
  mcp = await connectMcp(sb, dir);
});
afterAll(async () => {
  await mcp?.close();
  sb.cleanup();
});

const recap = async () => textOf(await mcp.client.callTool({ name: 'checkpoint_recap', arguments: {} }));
interface Status {
  reconcile: {
    branch: { verdict: string; current: string | null };
    head: { verdict: string; count: number; commits: { subject: string }[] };
    worktree: { unrecorded: string[]; changed: string[] };
  };
}
const status = async () => (await mcp.client.callTool({ name: 'checkpoint_status', arguments: {} })).structuredContent as unknown as Status;

describe('a warm MCP server follows the repository between calls', () => {
  it('recaps a checkpoint saved from the CLI since the last recap', async () => {
    expect(await recap()).toContain('TASK|first task|');
    const saved = await sb.ckpt(dir, ['save', '-m', 'second task']);
    expect(saved.code, saved.stderr).toBe(0);
    const again = await recap();
    expect(again).toContain('TASK|second task|');
    expect(again).not.toContain('first task');
  });

  it('sees commits and branch switches made with git since the last call', async () => {
    expect((await status()).reconcile.head).toMatchObject({ verdict: 'same', count: 0 });
    sb.git(dir, 'switch', '-q', '-c', 'feature');
    writeFileSync(join(dir, 'feature.txt'), 'feature\n');
    sb.git(dir, 'add', 'feature.txt');
    sb.git(dir, 'commit', '-q', '-m', 'feature work');
    const moved = (await status()).reconcile;
    expect(moved.branch).toMatchObject({ verdict: 'mismatch', current: 'feature' });
    expect(moved.head).toMatchObject({ verdict: 'ahead', count: 1 });
    expect(moved.head.commits.map((c) => c.subject)).toEqual(['feature work']);
    sb.git(dir, 'commit', '-q', '--allow-empty', '-m', 'more feature work');
    expect((await status()).reconcile.head).toMatchObject({ verdict: 'ahead', count: 2 });
    sb.git(dir, 'switch', '-q', 'main');
    const back = (await status()).reconcile;
    expect(back.branch).toMatchObject({ current: 'main' });
    expect(back.head).toMatchObject({ verdict: 'same', count: 0 });
  });

  it('sees a file edited in the working tree since the last call (the index unchanged)', async () => {
    expect((await status()).reconcile.worktree.changed).toEqual([]);
    writeFileSync(join(dir, 'README.md'), '# edited between two calls\n');
    const wt = (await status()).reconcile.worktree;
    expect([...wt.changed, ...wt.unrecorded]).toContain('README.md');
    sb.git(dir, 'checkout', '--', 'README.md');
    const clean = (await status()).reconcile.worktree;
    expect([...clean.changed, ...clean.unrecorded]).not.toContain('README.md');
  });

  it('resolves latest for the writer configured now, not the one of the last call', async () => {
    const own = sb.git(dir, 'config', 'checkpoint.writer').trim();
    sb.git(dir, 'config', 'checkpoint.writer', 'other-abc123');
    const saved = await sb.ckpt(dir, ['save', '-m', 'task of the other writer']);
    expect(saved.code, saved.stderr).toBe(0);
    expect(await recap()).toContain('TASK|task of the other writer|');
    sb.git(dir, 'config', 'checkpoint.writer', own);
    const again = await recap();
    expect(again).toContain('TASK|second task|');
    expect(again).not.toContain('task of the other writer');
  });

  it('follows a save made while the server was idle (its helpers stopped, what it learnt kept)', async () => {
    expect(await recap()).toContain('TASK|second task|');
    // Longer than WARM_MS: the server stops its git helpers, keeps the repository.
    await new Promise((r) => setTimeout(r, 2500));
    const saved = await sb.ckpt(dir, ['save', '-m', 'saved while idle']);
    expect(saved.code, saved.stderr).toBe(0);
    expect(await recap()).toContain('TASK|saved while idle|');
    expect((await status()).reconcile.head).toMatchObject({ verdict: 'same' });
  });
});

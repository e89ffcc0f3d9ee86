/**
 * `git checkpoint mcp` under bad input, secrets, concurrency and shutdown:
 * every bad call is answered with an error naming the problem and the server
 * serves the next one; secrets never reach an object; two servers saving at
 * once lose nothing; the server ends with its stdin and leaves no git behind.
 */
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMcp, textOf } from '../helpers/mcp-client.js';
import { leftoversAfter } from '../helpers/processes.js';
import { allObjectText, BUNDLE, makeSandbox, type Sandbox } from '../helpers/sandbox.js';
import { secretSamples } from '../helpers/secret-corpus.js';

let sb: Sandbox;
beforeAll(() => {
  sb = makeSandbox();
});
afterAll(() => sb.cleanup());

const refs = (dir: string) => sb.git(dir, 'for-each-ref', '--format=%(refname) %(objectname)');

describe('bad input', () => {
  it('answers each bad call with an error naming the problem, writes nothing, and keeps serving', async () => {
    const dir = sb.repo('bad-input');
    const bare = join(sb.root, 'bare.git');
    sb.git(sb.root, 'init', '-q', '--bare', bare);
    const plain = join(sb.root, 'plain-dir');
    mkdirSync(plain);
    const mcp = await connectMcp(sb, dir);
    try {
      const before = refs(dir);
      const cases: [string, Record<string, unknown>, RegExp][] = [
        ['checkpoint_apply', {}, /tool checkpoint_apply not found/i],
        ['checkpoint_save', { task: 42 }, /checkpoint_save.*expected string.*task/is],
        ['checkpoint_save', { decisions: [{ what: 'x' }] }, /decisions/],
        ['checkpoint_save', { task: 'x', colour: 'red' }, /colour/],
        ['checkpoint_save', { task: 'x', label: 'has space' }, /label/],
        ['checkpoint_save', { task: 'x'.repeat(50 * 1024 * 1024) }, /too big|task/i],
        ['checkpoint_save', { task: 'x', cwd: plain }, /^fatal: not a git repository/],
        ['checkpoint_list', { cwd: join(sb.root, 'no-such-dir') }, /^fatal: .*no-such-dir/],
        ['checkpoint_save', { task: 'x', cwd: bare }, /^fatal: this operation must be run in a work tree/],
        ['checkpoint_show', { checkpoint: 'nothing-like-this' }, /^error: no (checkpoints yet|checkpoint matches)/],
        ['checkpoint_save', { task: 'x', status: 'finished' }, /status/],
      ];
      for (const [name, args, expected] of cases) {
        const res = await mcp.client.callTool({ name, arguments: args });
        expect(res.isError, `${name} ${JSON.stringify(args).slice(0, 80)}`).toBe(true);
        expect(textOf(res)).toMatch(expected);
        // The next request is served.
        const ok = await mcp.client.callTool({ name: 'checkpoint_list', arguments: {} });
        expect(ok.isError, textOf(ok)).toBeFalsy();
      }
      expect(refs(dir)).toBe(before);
      expect(refs(bare)).toBe('');
      const saved = await mcp.client.callTool({ name: 'checkpoint_save', arguments: { task: 'after the bad calls' } });
      expect(saved.isError, textOf(saved)).toBeFalsy();
    } finally {
      await mcp.close();
    }
  });

  it('answers a line that is not JSON with a parse error and reads on', async () => {
    const server = rawServer(sb.repo('not-json'));
    server.child.stdin.write('this is not json\n');
    server.send(INITIALIZE);
    await waitFor(() => server.out().includes('"id":1'));
    server.child.stdin.end();
    expect(await server.exited).toBe(0);
    const lines = server.out().trim().split('\n').map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({ id: null, error: { code: -32700 } });
    expect(lines[1]).toMatchObject({ id: 1, result: { serverInfo: { name: 'git-checkpoint' } } });
  });
});

describe('repository selection', () => {
  it('uses the call\'s cwd, else the client\'s root, else the agent\'s project directory', async () => {
    const viaRoot = sb.repo('via-root');
    const viaEnv = sb.repo('via-env');
    const viaCwd = sb.repo('via-cwd');
    for (const dir of [viaRoot, viaEnv, viaCwd]) await sb.ckpt(dir, ['save', '-m', `saved in ${dir.split('/').pop()}`]);
    const title = async (mcp: Awaited<ReturnType<typeof connectMcp>>, args: Record<string, unknown> = {}) => {
      const res = await mcp.client.callTool({ name: 'checkpoint_list', arguments: args });
      expect(res.isError, textOf(res)).toBeFalsy();
      return (res.structuredContent as { checkpoints: { title: string }[] }).checkpoints[0]!.title;
    };
    // Started outside any repository, as an agent may start it.
    const withRoots = await connectMcp(sb, sb.root, { roots: [viaRoot], env: { CLAUDE_PROJECT_DIR: viaEnv } });
    const withEnv = await connectMcp(sb, sb.root, { env: { CLAUDE_PROJECT_DIR: viaEnv } });
    try {
      expect(await title(withRoots)).toBe('saved in via-root');
      expect(await title(withRoots, { cwd: viaCwd })).toBe('saved in via-cwd');
      expect(await title(withEnv)).toBe('saved in via-env');
    } finally {
      await Promise.all([withRoots.close(), withEnv.close()]);
    }
  });
});

describe('secrets', () => {
  it('secrets passed to checkpoint_save never reach an object', async () => {
    const dir = sb.repo('secrets');
    // A spread over the whole corpus: every kind of rule, the new families included.
    const samples = secretSamples().filter((_, i) => i % 18 === 0).slice(0, 60);
    const mcp = await connectMcp(sb, dir);
    try {
      const texts = samples.map((s) => s.text);
      const res = await mcp.client.callTool({
        name: 'checkpoint_save',
        arguments: {
          task: texts[0], next: texts.slice(1, 20), notes: texts.slice(20, 30), learnings: texts.slice(30, 40),
          decisions: texts.slice(40, 50).map((t) => ({ what: t, why: t })), quotes: texts.slice(50).map((t) => ({ text: t, by: 'user', verbatim: true })),
        },
      });
      expect(res.isError, textOf(res)).toBeFalsy();
      const counts = (res.structuredContent as { redactions: Record<string, number> }).redactions;
      expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    } finally {
      await mcp.close();
    }
    const objects = allObjectText(sb, dir);
    expect(objects).toContain('checkpoint.json');
    for (const s of samples) for (const secret of s.secrets) expect(objects.includes(secret), `${s.reason}: ${secret}`).toBe(false);
  });
});

describe('two servers at once', () => {
  it('100 concurrent decide and save calls lose nothing', async () => {
    const dir = sb.repo('concurrent');
    const first = await sb.ckpt(dir, ['save', '-m', 'before the servers', '--json']);
    const writer = JSON.parse(first.stdout).writer as string;
    const [a, b] = await Promise.all([connectMcp(sb, dir), connectMcp(sb, dir)]);
    try {
      const calls = Array.from({ length: 100 }, (_, i) => {
        const client = (i % 2 ? a : b).client;
        return i % 4 < 2
          ? client.callTool({ name: 'checkpoint_decide', arguments: { what: `decision ${i}`, why: `reason ${i}` } }, undefined, { timeout: 300_000 })
          : client.callTool({ name: 'checkpoint_save', arguments: { task: `save ${i}` } }, undefined, { timeout: 300_000 });
      });
      const results = await Promise.all(calls);
      for (const r of results) expect(r.isError, textOf(r)).toBeFalsy();
      const ids = results.map((r) => (r.structuredContent as { id: string }).id);
      const chain = sb.git(dir, 'log', '--first-parent', '--format=%(trailers:key=Checkpoint-Id,valueonly)', `refs/checkpoints/${writer}`);
      const chainIds = chain.split('\n').filter(Boolean);
      expect(chainIds).toHaveLength(101);
      expect(new Set(chainIds)).toEqual(new Set([...ids, JSON.parse(first.stdout).id]));
      const note = sb.git(dir, 'notes', '--ref', `refs/notes/checkpoints/${writer}`, 'show', 'HEAD').split('\n').filter(Boolean);
      expect(note).toHaveLength(101);
      // Each decision is in the checkpoint its call made.
      for (const [i, r] of results.entries()) {
        if (i % 4 >= 2) continue;
        const rec = JSON.parse(sb.git(dir, 'show', `${(r.structuredContent as { commit: string }).commit}:checkpoint.json`));
        expect(rec.decisions.map((d: { what: string }) => d.what)).toContain(`decision ${i}`);
      }
      sb.git(dir, 'fsck', '--strict', '--no-progress');
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  }, 600_000);
});

describe('start-up', () => {
  it('answers initialize once, then what came with it, in order', async () => {
    const server = rawServer(sb.repo('burst'));
    // One write: initialize is answered before the tools load, the rest waits for them.
    server.child.stdin.write([
      INITIALIZE, { method: 'notifications/initialized' }, { id: 2, method: 'tools/list' }, { id: 3, method: 'ping' },
    ].map((m) => `${JSON.stringify({ jsonrpc: '2.0', ...m })}\n`).join(''));
    await waitFor(() => server.out().includes('"id":3'));
    server.child.stdin.end();
    expect(await server.exited).toBe(0);
    const lines = server.out().trim().split('\n').map((l) => JSON.parse(l) as { id: number; result: { tools?: unknown[] } });
    expect(lines.map((l) => l.id)).toEqual([1, 2, 3]);
    expect(lines[0]).toMatchObject({ result: { serverInfo: { name: 'git-checkpoint' }, capabilities: { tools: {} } } });
    expect(lines[1]!.result.tools).toHaveLength(9);
  });

  it('answers an initialize whose input ends with it, and exits', async () => {
    const server = rawServer(sb.repo('init-only'));
    server.child.stdin.end(`${JSON.stringify({ jsonrpc: '2.0', ...INITIALIZE })}\n`);
    expect(await server.exited).toBe(0);
    expect(server.out().trim().split('\n').map((l) => JSON.parse(l))).toEqual([expect.objectContaining({ id: 1, result: expect.objectContaining({ protocolVersion: '2025-06-18' }) })]);
  });
});

describe('shutdown', () => {
  it('leaves no git process behind between calls and exits when stdin closes', async () => {
    const { child, send, out: output, exited } = rawServer(sb.repo('shutdown'));
    send(INITIALIZE);
    send({ method: 'notifications/initialized' });
    send({ id: 2, method: 'tools/call', params: { name: 'checkpoint_save', arguments: { task: 'one' } } });
    await waitFor(() => output().includes('"id":2'));
    send({ id: 3, method: 'tools/call', params: { name: 'checkpoint_recap', arguments: {} } });
    await waitFor(() => output().includes('"id":3'));
    // An idle server holds no git process: the repository a burst of calls shared closes 2 s after the last one.
    await waitFor(() => childrenOf(child.pid!).length === 0, 5000).catch(() => undefined);
    expect(childrenOf(child.pid!)).toEqual([]);
    child.stdin.end();
    expect(await exited).toBe(0);
    expect(output()).toContain('TASK|one|in_progress');
  });
});

describe('stdin closed with requests still queued', () => {
  it('answers every request read before stdin closed (a save and 2,000 lists), then exits, leaving nothing running', async () => {
    const dir = sb.repo('queued');
    const server = rawServer(dir);
    const calls = Array.from({ length: 2000 }, (_, i) => ({ id: 100 + i, method: 'tools/call', params: { name: 'checkpoint_list', arguments: {} } }));
    const started = performance.now();
    server.child.stdin.end([
      INITIALIZE, { method: 'notifications/initialized' },
      { id: 2, method: 'tools/call', params: { name: 'checkpoint_save', arguments: { task: 'saved as stdin closed' } } },
      ...calls,
    ].map((m) => `${JSON.stringify({ jsonrpc: '2.0', ...m })}\n`).join(''));
    expect(await server.exited).toBe(0);
    expect(performance.now() - started).toBeLessThan(60_000);
    const lines = server.out().trim().split('\n').map((l) => JSON.parse(l) as { id: number; result?: { isError?: boolean } });
    expect(lines.map((l) => l.id).sort((a, b) => a - b)).toEqual([1, 2, ...calls.map((c) => c.id)]);
    expect(lines.filter((l) => !l.result || l.result.isError)).toEqual([]);
    const saved = lines.find((l) => l.id === 2)!.result as { structuredContent: { id: string } };
    expect(sb.git(dir, 'log', '-1', '--format=%s', '--glob=refs/checkpoints/*').trim()).toBe('checkpoint: saved as stdin closed');
    expect(saved.structuredContent.id).toMatch(/^\d{8}-\d{6}-[a-z0-9]{4}$/);
    expect(await leftoversAfter(dir)).toEqual([]);
  }, 120_000);

  it('a call that stalls is answered with an error at its bound while the others are answered, and the server still ends', async () => {
    const dir = sb.repo('stalled-call');
    expect((await sb.ckpt(dir, ['save', '-m', 'before the stall'])).code).toBe(0);
    const slow = join(sb.root, 'mcp-slow-git');
    mkdirSync(slow);
    // A git whose status never answers (a hung network file system): checkpoint_status waits on it, checkpoint_list does not.
    const git = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
    writeFileSync(join(slow, 'git'), `#!/bin/sh\n[ "$1" = status ] && exec sleep 120\nexec ${git} "$@"\n`);
    chmodSync(join(slow, 'git'), 0o755);
    const server = rawServer(dir, { PATH: `${slow}:${sb.env.PATH}`, GIT_CHECKPOINT_MCP_TIMEOUT: '1.5' });
    const started = performance.now();
    server.send(INITIALIZE);
    server.send({ method: 'notifications/initialized' });
    server.send({ id: 2, method: 'tools/call', params: { name: 'checkpoint_status', arguments: {} } });
    server.send({ id: 3, method: 'tools/call', params: { name: 'checkpoint_list', arguments: {} } });
    server.send({ id: 4, method: 'tools/call', params: { name: 'checkpoint_save', arguments: { task: 'stalls too' } } });
    server.send({ id: 5, method: 'tools/call', params: { name: 'checkpoint_decide', arguments: { what: 'queued behind the save', why: 'writes take turns' } } });
    await waitFor(() => server.out().includes('"id":3'), 20_000);
    expect(server.out()).not.toContain('"id":2');
    server.child.stdin.end();
    expect(await server.exited).toBe(0);
    const ms = performance.now() - started;
    expect(ms).toBeGreaterThan(1400);
    // The save and the decide queued behind it each get their own bound: 3 bounds and start-up.
    expect(ms).toBeLessThan(15_000);
    const lines = server.out().trim().split('\n').map((l) => JSON.parse(l) as { id: number; result: { isError?: boolean; content: { text: string }[] } });
    expect(lines.map((l) => l.id).sort()).toEqual([1, 2, 3, 4, 5]);
    const answer = (id: number) => lines.find((l) => l.id === id)!.result;
    expect(answer(3).isError).toBeFalsy();
    expect(answer(2)).toMatchObject({ isError: true, content: [{ text: expect.stringContaining('checkpoint_status did not finish within 1.5 s') }] });
    expect(answer(4).content[0]!.text).toContain('checkpoint_save did not finish within 1.5 s: it may still land');
    expect(answer(5).isError).toBe(true);
    expect(await leftoversAfter(dir)).toEqual([]);

    // A request the client cancelled gets no answer: the server does not wait for one.
    const cancelled = rawServer(dir, { PATH: `${slow}:${sb.env.PATH}`, GIT_CHECKPOINT_MCP_TIMEOUT: '60' });
    const start = performance.now();
    cancelled.send(INITIALIZE);
    cancelled.send({ method: 'notifications/initialized' });
    cancelled.send({ id: 2, method: 'tools/call', params: { name: 'checkpoint_status', arguments: {} } });
    await waitFor(() => cancelled.out().includes('"id":1'), 20_000);
    cancelled.child.stdin.end(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 2, reason: 'the user stopped' } })}\n`);
    expect(await cancelled.exited).toBe(0);
    expect(performance.now() - start).toBeLessThan(10_000);
    expect(cancelled.out()).not.toContain('"id":2');
    expect(await leftoversAfter(dir)).toEqual([]);
  }, 60_000);
});

const INITIALIZE = { id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } };

/** The server on a bare pipe, for what the SDK's client would not send or would hide. */
function rawServer(dir: string, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [BUNDLE, 'mcp'], { cwd: dir, env: { ...sb.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  const send = (msg: object) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...msg })}\n`);
  return { child, send, out: () => out, exited };
}

async function waitFor(ok: () => boolean, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Pids (with their command) whose parent is `pid`, from /proc. */
function childrenOf(pid: number): string[] {
  const out: string[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(`${entry} ${stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))}`);
    } catch {
      // The process ended while we looked.
    }
  }
  return out;
}

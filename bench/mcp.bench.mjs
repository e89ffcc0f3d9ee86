// `git checkpoint mcp`: a recap round trip on a warm server over the
// 2,000-checkpoint fixture (target ≤ 30 ms median), and the time from starting
// the server to its answer to `initialize`, against `git checkpoint --version`
// (target ≤ 1.5×: the SDK loads only on this path, and must not cost much more).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { BUNDLE, benchEnv, median, removeDir, sh, tempDir, timeTool } from './lib.mjs';
import { writeChain } from './fixtures.mjs';

const INIT = { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } } };

export async function run() {
  const root = tempDir();
  try {
    const env = benchEnv(join(root, 'home'));
    const dir = join(root, 'many');
    sh('git', ['init', '-q', '-b', 'main', dir], { env });
    sh('git', ['commit', '-q', '--allow-empty', '-m', 'init'], { cwd: dir, env });
    writeChain(dir, env, { writer: 'bench-aaaaaa', count: 2000 });
    return [await recapRoundTrip(dir, env), await startToInitialize(dir, env)];
  } finally {
    removeDir(root);
  }
}

/** A server on stdio: `request(msg)` resolves with the answer's wall time in ms. */
function startServer(dir, env) {
  const child = spawn(process.execPath, [BUNDLE, 'mcp'], { cwd: dir, env, stdio: ['pipe', 'pipe', 'inherit'] });
  const waiting = new Map();
  let buffer = '';
  child.stdout.setEncoding('utf8').on('data', (d) => {
    buffer += d;
    for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
      const msg = JSON.parse(buffer.slice(0, nl));
      buffer = buffer.slice(nl + 1);
      waiting.get(msg.id)?.(msg);
    }
  });
  let next = 1;
  const request = (method, params) => new Promise((resolve, reject) => {
    const id = next++;
    const t = process.hrtime.bigint();
    waiting.set(id, (msg) => (msg.error || msg.result?.isError ? reject(new Error(JSON.stringify(msg))) : resolve(Number(process.hrtime.bigint() - t) / 1e6)));
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
  });
  const started = new Promise((resolve) => waiting.set(0, resolve));
  child.stdin.write(`${JSON.stringify(INIT)}\n`);
  const ended = new Promise((resolve) => child.on('close', resolve));
  return { request, started, stop: () => (child.stdin.end(), ended) };
}

async function recapRoundTrip(dir, env) {
  const server = startServer(dir, env);
  await server.started;
  const call = () => server.request('tools/call', { name: 'checkpoint_recap', arguments: {} });
  for (let i = 0; i < 3; i++) await call();
  const times = [];
  for (let i = 0; i < 21; i++) times.push(await call());
  await server.stop();
  const base = [];
  for (let i = 0; i < 5; i++) base.push(timeTool(['show', 'latest', '--format', 'recap'], { cwd: dir, env }));
  const toolMs = median(times);
  const baseMs = median(base);
  return {
    name: 'mcp tools/call checkpoint_recap, warm server (2,000 checkpoints) ÷ git checkpoint show --format recap; target ≤ 30 ms',
    toolMs, baseMs, ratio: toolMs / baseMs, target: undefined, pass: toolMs <= 30,
  };
}

async function startToInitialize(dir, env) {
  const once = async () => {
    const t = process.hrtime.bigint();
    const server = startServer(dir, env);
    await server.started;
    const ms = Number(process.hrtime.bigint() - t) / 1e6;
    await server.stop();
    return ms;
  };
  await once();
  timeTool(['--version'], { cwd: dir, env });
  const t = [];
  const b = [];
  for (let i = 0; i < 9; i++) {
    t.push(await once());
    b.push(timeTool(['--version'], { cwd: dir, env }));
  }
  const toolMs = median(t);
  const baseMs = median(b);
  return { name: 'mcp start to initialize answered ÷ git checkpoint --version', toolMs, baseMs, ratio: toolMs / baseMs, target: 1.5, pass: toolMs / baseMs <= 1.5 };
}

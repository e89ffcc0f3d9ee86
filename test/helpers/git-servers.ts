/**
 * Real git transports on loopback for integration tests: `git daemon` and
 * `git http-backend` behind a tiny CGI bridge, both bound to 127.0.0.1 on a
 * free port, started and stopped inside the test with bounded waits.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createConnection, createServer } from 'node:net';

export interface GitServer {
  /** Base URL; append the repository path relative to the served root (`/remote.git`). */
  url: string;
  stop(): Promise<void>;
}

/** A port nobody listens on right now (the kernel picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const sock = createConnection({ host: '127.0.0.1', port });
    sock.once('connect', () => (sock.destroy(), resolve(true)));
    sock.once('error', () => resolve(false));
  });
}

/** Waits until something accepts connections on `port`: at most 100 tries, 50 ms apart. */
async function waitForPort(port: number, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`server exited early with code ${child.exitCode}`);
    if (await canConnect(port)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nothing listens on 127.0.0.1:${port} after 5 s`);
}

/** Stops a process group we started (git daemon forks one child per connection). */
function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      try { process.kill(-child.pid!, 'SIGKILL'); } catch { /* already gone */ }
    }, 2000);
    child.once('exit', () => (clearTimeout(timer), resolve()));
    try { process.kill(-child.pid!, 'SIGTERM'); } catch { resolve(); }
  });
}

/** `git daemon` serving every repository under `root`, push enabled. */
export async function startGitDaemon(root: string, env: Record<string, string>): Promise<GitServer> {
  const port = await freePort();
  const child = spawn('git', [
    'daemon', '--export-all', '--enable=receive-pack', `--base-path=${root}`, '--listen=127.0.0.1', `--port=${port}`,
    '--reuseaddr', '--informative-errors', root,
  ], { env, stdio: 'ignore', detached: true });
  await waitForPort(port, child);
  return { url: `git://127.0.0.1:${port}`, stop: () => stopGroup(child) };
}

/** `git http-backend` (smart HTTP) behind a node CGI bridge; the repositories need http.receivepack=true to accept pushes. */
export async function startHttpBackend(root: string, env: Record<string, string>): Promise<GitServer> {
  const server = createHttpServer((req, res) => void serveCgi(req, res, root, env));
  const port = await new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

async function serveCgi(req: IncomingMessage, res: ServerResponse, root: string, env: Record<string, string>): Promise<void> {
  const body: Buffer[] = [];
  for await (const chunk of req) body.push(chunk as Buffer);
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const cgiEnv: Record<string, string> = {
    ...env, GIT_PROJECT_ROOT: root, GIT_HTTP_EXPORT_ALL: '1', GATEWAY_INTERFACE: 'CGI/1.1',
    REQUEST_METHOD: req.method ?? 'GET', PATH_INFO: decodeURIComponent(url.pathname), QUERY_STRING: url.search.slice(1),
    CONTENT_TYPE: req.headers['content-type'] ?? '', CONTENT_LENGTH: String(Buffer.concat(body).length),
    REMOTE_ADDR: '127.0.0.1', SERVER_PROTOCOL: 'HTTP/1.1',
  };
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') cgiEnv[`HTTP_${k.toUpperCase().replace(/-/g, '_')}`] = v;
  const child = spawn('git', ['http-backend'], { env: cgiEnv, stdio: ['pipe', 'pipe', 'ignore'] });
  const out: Buffer[] = [];
  child.stdout.on('data', (d: Buffer) => out.push(d));
  child.stdin.on('error', () => {});
  child.stdin.end(Buffer.concat(body));
  await new Promise((r) => child.on('close', r));
  writeCgiResponse(res, Buffer.concat(out));
}

/** A CGI response: header lines, a blank line, the body; `Status:` sets the code. */
function writeCgiResponse(res: ServerResponse, raw: Buffer): void {
  let split = raw.indexOf('\r\n\r\n');
  let skip = 4;
  if (split < 0) [split, skip] = [raw.indexOf('\n\n'), 2];
  if (split < 0) [split, skip] = [raw.length, 0];
  let status = 200;
  for (const line of raw.subarray(0, split).toString('latin1').split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at < 0) continue;
    const [name, value] = [line.slice(0, at).trim(), line.slice(at + 1).trim()];
    if (name.toLowerCase() === 'status') status = Number.parseInt(value, 10) || 500;
    else res.setHeader(name, value);
  }
  res.writeHead(status);
  res.end(raw.subarray(split + skip));
}

/** The real dependencies: the only module that touches process, node:fs, the clock and crypto. */
// Start-up matters (SPEC §11): modules that pull in child_process, crypto,
// or zlib load on first use, so `--version` or a silent hook pays
// for none of them.
import { closeSync, constants, openSync, readSync, writeSync } from 'node:fs';
import * as fsp from 'node:fs/promises';
import { chmod, lstat, mkdir, open, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, relative } from 'node:path';
import { InputTooLarge, StdinTimeout, type Deps, type McpSdk, type Streams, type YargsParser } from './deps.js';
import { packageFile } from './package-files.js';
import { exitOnBrokenPipe } from './process-exit.js';

export function nodeStreams(): Streams {
  // A reader that went away (`| head`) ends the command quietly, as it ends git (141), not with a
  // stack trace: the run ends the same way as at any other exit. Any other failure to write (a full
  // disk) is said when the run ends (exitWhenWritten: exit 128), where the stream still holds it.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EPIPE') exitOnBrokenPipe();
    });
  }
  return {
    out: (text) => void process.stdout.write(text),
    err: (text) => void process.stderr.write(text),
    isStdoutTTY: Boolean(process.stdout.isTTY),
    isStdinTTY: Boolean(process.stdin.isTTY),
    readStdin: (maxBytes = Infinity, deadlineMs?: number) => readStdinCapped(maxBytes, deadlineMs),
  };
}

export function nodeDeps(): Deps {
  const env = process.env as Record<string, string | undefined>;
  return {
    streams: nodeStreams(),
    env,
    cwd: process.cwd(),
    now: () => new Date(),
    // Web Crypto is a global: no module to load.
    random: () => globalThis.crypto.getRandomValues(new Uint32Array(1))[0]! / 2 ** 32,
    loadYargs: async () => ((await import('./code-cache.js')).loadWithCodeCache(packageFile('dist/yargs.cjs')) as { yargsParser: YargsParser }).yargsParser,
    openRepo: async (dir) => {
      const repo = await (await import('../git/cli/cli-repo.js')).openCliRepo(dir, env);
      return env.GIT_CHECKPOINT_FAULT ? (await import('./fault-repo.js')).withFault(repo, env.GIT_CHECKPOINT_FAULT) : repo;
    },
    readFile: (path, maxBytes) => readFileCapped(path, maxBytes ?? Infinity),
    readLines: (path, maxLineBytes) => readLines(path, maxLineBytes ?? Infinity),
    writeFile: async (path, data, executable) => {
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, data, executable ? { mode: 0o755 } : {});
      if (executable) await chmod(path, 0o755);
    },
    removeFile: async (path, within) => {
      if (!within) return rm(path, { force: true });
      // The working tree's own removal, which takes the directories it leaves empty, as git does.
      await (await import('../git/worktree-files.js')).removeFile(fsp, within, relative(within, path));
    },
    pathExists: (path) => lstat(path).then(() => true, () => false),
    editText: async (initial, repo) => (await import('./terminal-programs.js')).editWithGitEditor(initial, repo, env),
    readTtyLine: async (prompt) => readTtyLine(prompt),
    startPager: async (command) => (await import('./pager-process.js')).startPager(command, env),
    showManPage: async (path, topic) => (await import('./terminal-programs.js')).showManPage(path, topic, env),
    ancestorCommandLines: async (depth) => ancestorCommandLines(process.ppid, depth),
    mcpIo: async () => {
      const { loadWithCodeCache } = await import('./code-cache.js');
      return { input: process.stdin, output: process.stdout, loadSdk: () => loadWithCodeCache(packageFile('dist/mcp-sdk.cjs')) as McpSdk };
    },
  };
}

/** argv of `pid` and its ancestors from /proc (Linux); stops where /proc does not answer. */
async function ancestorCommandLines(pid: number, depth: number): Promise<string[][]> {
  const out: string[][] = [];
  for (let i = 0; i < depth && pid > 1; i++) {
    const [cmdline, stat] = await Promise.all([
      readFile(`/proc/${pid}/cmdline`).catch(() => null),
      readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null),
    ]);
    if (!cmdline || !stat) break;
    out.push(cmdline.toString('utf8').split('\0').filter((a, k, all) => a !== '' || k < all.length - 1));
    // The parent pid is the 2nd field after the command name, which may hold spaces and parentheses.
    pid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  }
  return out;
}

/** Reads a file, refusing it by its size before reading and stopping at the cap whatever the size said. */
async function readFileCapped(path: string, maxBytes: number): Promise<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    const st = await handle.stat();
    if (st.isFile() && st.size > maxBytes) throw new InputTooLarge(st.size, maxBytes);
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.alloc(64 * 1024);
      const { bytesRead } = await handle.read(chunk, 0, chunk.byteLength, null);
      if (bytesRead === 0) return Buffer.concat(chunks);
      total += bytesRead;
      if (total > maxBytes) throw new InputTooLarge(null, maxBytes);
      chunks.push(chunk.subarray(0, bytesRead));
    }
  } finally {
    await handle.close();
  }
}

/** Reads one line from /dev/tty (blocking: the user is typing); null when the process has no terminal. */
function readTtyLine(prompt: string): string | null {
  let fd: number;
  try {
    fd = openSync('/dev/tty', 'r+');
  } catch {
    return null;
  }
  try {
    writeSync(fd, prompt);
    const bytes: number[] = [];
    const one = Buffer.alloc(1);
    while (bytes.length < 4096 && readSync(fd, one, 0, 1, null) === 1 && one[0] !== 0x0a) bytes.push(one[0]!);
    return Buffer.from(bytes).toString('utf8');
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

/**
 * Reads stdin to its end, at most `maxBytes`; with a deadline, a stdin still
 * open then is let go (so the process can exit) and the call rejects with
 * StdinTimeout carrying what had arrived.
 */
function readStdinCapped(maxBytes: number, deadlineMs?: number): Promise<Uint8Array> {
  return new Promise((resolvePromise, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const stdin = process.stdin;
    const finish = (err: Error | null) => {
      clearTimeout(timer);
      stdin.off('data', onData).off('end', onEnd).off('error', onError);
      if (err) {
        stdin.destroy();
        reject(err);
      } else resolvePromise(Buffer.concat(chunks));
    };
    const onData = (chunk: Buffer) => {
      total += chunk.byteLength;
      if (total > maxBytes) return finish(new InputTooLarge(null, maxBytes));
      chunks.push(chunk);
    };
    const onEnd = () => finish(null);
    const onError = (err: Error) => finish(err);
    const timer = deadlineMs === undefined ? undefined : setTimeout(() => finish(new StdinTimeout(Buffer.concat(chunks), deadlineMs)), deadlineMs);
    stdin.on('data', onData).on('end', onEnd).on('error', onError);
  });
}

/**
 * Lines of a file, streamed in 64 KiB reads (transcripts of a hundred
 * megabytes are never held whole). A line longer than `maxLineBytes` is
 * dropped as it is read, so one huge line costs no memory, and comes as null.
 */
async function* readLines(path: string, maxLineBytes: number): AsyncIterable<string | null> {
  // Opened without waiting, and refused unless a regular file: a FIFO would hold a thread of node's
  // pool in open() or read() for as long as no writer comes, and the process could not exit.
  const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    if (!(await handle.stat()).isFile()) throw Object.assign(new Error(`${path} is not a regular file`), { code: 'not a regular file' });
    const buf = Buffer.alloc(1 << 20);
    let parts: Buffer[] = [];
    let size = 0;
    let skipping = false;
    for (;;) {
      const { bytesRead } = await handle.read(buf, 0, buf.byteLength, null);
      if (bytesRead === 0) break;
      let start = 0;
      while (start < bytesRead) {
        const nl = buf.indexOf(10, start);
        const end = nl < 0 || nl >= bytesRead ? bytesRead : nl;
        if (end === bytesRead) {
          // The line goes on in the next read: keep a copy (or, past the cap, nothing).
          size += end - start;
          skipping ||= size > maxLineBytes;
          parts = skipping ? [] : [...parts, Buffer.from(buf.subarray(start, end))];
          break;
        }
        const whole = size + (end - start) > maxLineBytes || skipping;
        if (whole) yield null;
        else yield parts.length ? Buffer.concat([...parts, buf.subarray(start, end)]).toString('utf8') : buf.toString('utf8', start, end);
        parts = [];
        size = 0;
        skipping = false;
        start = end + 1;
      }
    }
    if (skipping) yield null;
    else if (size > 0) yield Buffer.concat(parts).toString('utf8');
  } finally {
    await handle.close();
  }
}

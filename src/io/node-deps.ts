/** The real dependencies: the only module that touches process, node:fs, the clock and crypto. */
// Start-up matters (SPEC §11): modules that pull in child_process, crypto,
// zlib or readline load on first use, so `--version` or a silent hook pays
// for none of them.
import { closeSync, createReadStream, openSync, readSync, writeSync } from 'node:fs';
import { mkdir, open, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { InputTooLarge, type Deps, type Streams } from './deps.js';

export function nodeStreams(): Streams {
  // A reader that went away (`| head`) ends the command quietly, as git does, not with a stack trace.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EPIPE') process.exit(0);
      throw err;
    });
  }
  return {
    out: (text) => void process.stdout.write(text),
    err: (text) => void process.stderr.write(text),
    isStdoutTTY: Boolean(process.stdout.isTTY),
    isStdinTTY: Boolean(process.stdin.isTTY),
    readStdin: async (maxBytes = Infinity) => {
      const chunks: Buffer[] = [];
      let total = 0;
      for await (const chunk of process.stdin) {
        total += (chunk as Buffer).byteLength;
        if (total > maxBytes) {
          process.stdin.destroy();
          throw new InputTooLarge(null, maxBytes);
        }
        chunks.push(chunk as Buffer);
      }
      return Buffer.concat(chunks);
    },
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
    openRepo: async (dir) => {
      const repo = await (await import('../git/cli-repo.js')).openCliRepo(dir, env);
      return env.GIT_CHECKPOINT_FAULT ? (await import('./fault-repo.js')).withFault(repo, env.GIT_CHECKPOINT_FAULT) : repo;
    },
    readFile: (path, maxBytes) => readFileCapped(path, maxBytes ?? Infinity),
    readLines: (path) => readLines(path),
    writeFile: async (path, data) => {
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, data);
    },
    removeFile: (path) => rm(path, { force: true }),
    editText: async (initial, repo) => (await import('./terminal-programs.js')).editWithGitEditor(initial, repo, env),
    readTtyLine: async (prompt) => readTtyLine(prompt),
    showManPage: async (path, topic) => (await import('./terminal-programs.js')).showManPage(path, topic, env),
    ancestorCommandLines: async (depth) => ancestorCommandLines(process.ppid, depth),
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

/** Lines of a file, streamed (transcripts of tens of megabytes are never held whole). */
async function* readLines(path: string): AsyncIterable<string> {
  // Loaded here, not at start-up; require, not import(): the bundle runs as CommonJS.
  const { createInterface } = createRequire(import.meta.url)('node:readline') as typeof import('node:readline');
  yield* createInterface({ input: createReadStream(path, { highWaterMark: 1 << 16 }), crlfDelay: Infinity });
}

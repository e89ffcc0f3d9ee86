/** The real dependencies: the only module that touches process, node:fs, the clock and crypto. */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { randomInt } from 'node:crypto';
import { closeSync, createReadStream, openSync, readSync, writeSync } from 'node:fs';
import { mkdir, open, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { openCliRepo } from '../git/cli-repo.js';
import { runGit } from '../git/run-git.js';
import type { Repo } from '../git/repo.js';
import { OperationError } from '../errors.js';
import { InputTooLarge, type Deps, type Streams } from './deps.js';

export function nodeStreams(): Streams {
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
    random: () => randomInt(0, 2 ** 32) / 2 ** 32,
    openRepo: (dir) => openCliRepo(dir, env),
    readFile: (path, maxBytes) => readFileCapped(path, maxBytes ?? Infinity),
    readLines: (path) => createInterface({ input: createReadStream(path, { highWaterMark: 1 << 16 }), crlfDelay: Infinity }),
    writeFile: async (path, data) => {
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, data);
    },
    removeFile: (path) => rm(path, { force: true }),
    editText: (initial, repo) => editWithGitEditor(initial, repo, env),
    readTtyLine: async (prompt) => readTtyLine(prompt),
    showManPage: (path, topic) => showManPage(path, topic, env),
    faultAfter: env.GIT_CHECKPOINT_FAULT,
  };
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

/** Runs the editor git would use (`git var GIT_EDITOR`) on a file in the git dir, like `git commit`. */
async function editWithGitEditor(initial: string, repo: Repo, env: Record<string, string | undefined>): Promise<string> {
  const cwd = repo.info.workTree ?? repo.info.gitDir;
  const res = await runGit(['var', 'GIT_EDITOR'], { cwd, env });
  const editor = res.stdout.toString('utf8').trim() || 'vi';
  const dir = join(repo.info.gitDir, 'checkpoint');
  await mkdir(dir, { recursive: true });
  const file = join(dir, 'CHECKPOINT_EDIT.md');
  await writeFile(file, initial);
  const code = await new Promise<number>((resolve, reject) => {
    const child = spawn('sh', ['-c', `${editor} "$@"`, editor, file], { cwd, env: env as NodeJS.ProcessEnv, stdio: 'inherit' });
    child.on('error', reject);
    child.on('close', (c) => resolve(c ?? 1));
  });
  if (code !== 0) throw new OperationError(`there was a problem with the editor '${editor}'`);
  const text = await readFile(file, 'utf8');
  await rm(file, { force: true });
  return text;
}

/** `man -l <file>` on the terminal; with a topic, less opens at its entry. */
function showManPage(path: string, topic: string | undefined, env: Record<string, string | undefined>): Promise<boolean> {
  const less = topic ? { LESS: `${env.LESS ?? '-R'} +/^ +${topic.replace(/[^a-z-]/g, '')}( |$)` } : {};
  return new Promise((resolve) => {
    const child = spawn('man', ['-l', path], { env: { ...env, ...less } as NodeJS.ProcessEnv, stdio: 'inherit' });
    child.on('error', () => resolve(false));
    child.on('close', (code) => resolve(code === 0));
  });
}

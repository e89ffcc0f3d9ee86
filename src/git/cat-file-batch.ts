/**
 * One long-lived `git cat-file --batch` process: every object read of a
 * command goes through it, so reading 2,000 records costs one subprocess.
 * With `mode: 'check'` it runs `--batch-check` instead: type and size only,
 * so the size of a stranger's object is known before a byte of it is read.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';

export interface BatchObject {
  oid: string;
  type: string;
  /** Empty in check mode. */
  data: Buffer;
  size: number;
}

interface Pending {
  resolve(value: BatchObject | null): void;
  reject(err: Error): void;
}

export class CatFileBatch {
  private child: ChildProcessWithoutNullStreams | null = null;
  private readonly queue: Pending[] = [];
  private buffer: Buffer = Buffer.alloc(0);
  private failure: Error | null = null;

  constructor(
    private readonly cwd: string,
    private readonly env: Record<string, string | undefined>,
    private readonly mode: 'contents' | 'check' = 'contents',
  ) {}

  /** Reads an object by name (`<oid>` or `<commit>:<path>`); null when it does not exist. */
  read(name: string): Promise<BatchObject | null> {
    if (name.includes('\n')) return Promise.resolve(null);
    if (this.failure) return Promise.reject(this.failure);
    const child = this.start();
    return new Promise((resolve, reject) => {
      this.queue.push({ resolve, reject });
      child.stdin.write(`${name}\n`);
    });
  }

  close(): void {
    if (this.child) {
      this.child.stdin.end();
      this.child = null;
    }
  }

  private start(): ChildProcessWithoutNullStreams {
    if (this.child) return this.child;
    const child = spawn('git', ['cat-file', this.mode === 'check' ? '--batch-check' : '--batch'], { cwd: this.cwd, env: this.env as NodeJS.ProcessEnv });
    child.stdout.on('data', (d: Buffer) => {
      this.buffer = this.buffer.length ? Buffer.concat([this.buffer, d]) : d;
      this.drain();
    });
    child.stdin.on('error', () => {});
    const fail = (err: Error) => {
      this.failure = err;
      for (const p of this.queue.splice(0)) p.reject(err);
    };
    child.on('error', fail);
    child.on('close', (code) => {
      if (this.queue.length) fail(new Error(`git cat-file --batch exited with ${code}`));
      if (this.child === child) this.child = null;
    });
    this.child = child;
    return child;
  }

  private drain(): void {
    while (this.queue.length) {
      const nl = this.buffer.indexOf(10);
      if (nl < 0) return;
      const header = this.buffer.subarray(0, nl).toString('utf8');
      if (header.endsWith(' missing') || header.endsWith(' ambiguous')) {
        this.buffer = this.buffer.subarray(nl + 1);
        this.queue.shift()?.resolve(null);
        continue;
      }
      const [oid = '', type, sizeText] = header.split(' ');
      const size = Number(sizeText);
      if (this.mode === 'check') {
        this.buffer = this.buffer.subarray(nl + 1);
        this.queue.shift()?.resolve({ oid, type: type ?? '', data: Buffer.alloc(0), size });
        continue;
      }
      if (this.buffer.length < nl + 1 + size + 1) return;
      const data = Buffer.from(this.buffer.subarray(nl + 1, nl + 1 + size));
      this.buffer = this.buffer.subarray(nl + 1 + size + 1);
      this.queue.shift()?.resolve({ oid, type: type ?? '', data, size });
    }
  }
}

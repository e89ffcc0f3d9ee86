/**
 * One long-lived `git cat-file --batch` process: every object read of a
 * command goes through it, so reading 2,000 records costs one subprocess.
 * With `mode: 'check'` it runs `--batch-check` instead: type and size only,
 * so the size of a stranger's object is known before a byte of it is read.
 */
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { spawnChild } from '../../io/run-scope.js';

export interface BatchObject {
  oid: string;
  type: string;
  /** Empty in check mode, and when the object is over the read's `maxBytes` (then `skipped`). */
  data: Buffer;
  size: number;
  /** True when the contents were over `maxBytes` and were dropped unread. */
  skipped?: true;
}

interface Pending {
  resolve(value: BatchObject | null): void;
  reject(err: Error): void;
  maxBytes: number;
}

const EMPTY = Buffer.alloc(0);

export class CatFileBatch {
  private child: ChildProcessWithoutNullStreams | null = null;
  private readonly queue: Pending[] = [];
  private buffer: Buffer = EMPTY;
  /** The object whose contents are arriving, copied straight into a buffer of its size. */
  private body: { pending: Pending; oid: string; type: string; data: Buffer; filled: number } | null = null;
  /** Bytes still to drop: a skipped object's contents, or the newline after each object. */
  private skip = 0;
  private failure: Error | null = null;
  /** Names not yet written to git (see `send`). */
  private unsent: { child: ChildProcessWithoutNullStreams; text: string } | null = null;

  constructor(
    private readonly cwd: string,
    private readonly env: Record<string, string | undefined>,
    private readonly mode: 'contents' | 'check' = 'contents',
  ) {}

  /**
   * Reads an object by name (`<oid>` or `<commit>:<path>`); null when it does
   * not exist. Contents over `maxBytes` are never held: git streams them, they
   * are dropped as they arrive, and the object comes back `skipped`.
   */
  read(name: string, maxBytes = Infinity): Promise<BatchObject | null> {
    if (name.includes('\n')) return Promise.resolve(null);
    if (this.failure) return Promise.reject(this.failure);
    let child: ChildProcessWithoutNullStreams;
    try {
      child = this.start();
    } catch (err) {
      return Promise.reject(err);
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ resolve, reject, maxBytes });
      this.send(child, `${name}\n`);
    });
  }

  /**
   * Names asked in the same tick go to git in one write: a tree rewrite asks
   * for hundreds of subtrees at once, and a pipe write each (waking git each
   * time) cost more than the reads.
   */
  private send(child: ChildProcessWithoutNullStreams, line: string): void {
    if (this.unsent && this.unsent.child === child) {
      this.unsent.text += line;
      return;
    }
    const unsent = { child, text: line };
    this.unsent = unsent;
    queueMicrotask(() => {
      if (this.unsent === unsent) this.flush();
    });
  }

  private flush(): void {
    if (!this.unsent) return;
    this.unsent.child.stdin.write(this.unsent.text);
    this.unsent = null;
  }

  /** True while a read waits for its answer. */
  get busy(): boolean {
    return this.queue.length > 0 || this.body !== null;
  }

  close(): void {
    if (this.child) {
      // Reads asked before the close still reach git, and are answered before it exits.
      this.flush();
      this.child.stdin.end();
      this.child = null;
    }
  }

  private start(): ChildProcessWithoutNullStreams {
    if (this.child) return this.child;
    const args = ['cat-file', this.mode === 'check' ? '--batch-check' : '--batch'];
    const child = spawnChild('git', args, { cwd: this.cwd, env: this.env as NodeJS.ProcessEnv }) as ChildProcessWithoutNullStreams;
    if (this.env.GIT_CHECKPOINT_TRACE) process.stderr.write(`trace: ${performance.now().toFixed(1)} git ${args.join(' ')} (started)\n`);
    child.stdout.on('data', (d: Buffer) => {
      this.buffer = this.buffer.length ? Buffer.concat([this.buffer, d]) : d;
      this.drain();
    });
    child.stdin.on('error', () => {});
    const fail = (err: Error) => {
      this.failure = err;
      const waiting = [...(this.body ? [this.body.pending] : []), ...this.queue.splice(0)];
      this.body = null;
      for (const p of waiting) p.reject(err);
    };
    child.on('error', fail);
    child.on('close', (code) => {
      // Reads waiting when a helper stopped were its own, unless a later one runs (started after close()).
      if ((this.child === child || this.child === null) && (this.queue.length || this.body)) fail(new Error(`git cat-file --batch exited with ${code}`));
      if (this.child === child) this.child = null;
    });
    this.child = child;
    return child;
  }

  private drain(): void {
    for (;;) {
      if (this.skip) {
        const n = Math.min(this.skip, this.buffer.length);
        this.buffer = this.buffer.subarray(n);
        this.skip -= n;
        if (this.skip) return;
      }
      if (this.body) {
        const b = this.body;
        const n = this.buffer.copy(b.data, b.filled);
        b.filled += n;
        this.buffer = this.buffer.subarray(n);
        if (b.filled < b.data.length) return;
        this.body = null;
        this.skip = 1;
        b.pending.resolve({ oid: b.oid, type: b.type, data: b.data, size: b.data.length });
        continue;
      }
      if (!this.queue.length) return;
      const nl = this.buffer.indexOf(10);
      if (nl < 0) return;
      const header = this.buffer.subarray(0, nl).toString('utf8');
      this.buffer = this.buffer.subarray(nl + 1);
      const pending = this.queue.shift()!;
      if (header.endsWith(' missing') || header.endsWith(' ambiguous')) {
        pending.resolve(null);
        continue;
      }
      const [oid = '', type = '', sizeText] = header.split(' ');
      const size = Number(sizeText);
      if (this.mode === 'check') pending.resolve({ oid, type, data: EMPTY, size });
      else if (size > pending.maxBytes) {
        this.skip = size + 1;
        pending.resolve({ oid, type, data: EMPTY, size, skipped: true });
      } else this.body = { pending, oid, type, data: Buffer.allocUnsafe(size), filled: 0 };
    }
  }
}

/**
 * What the last HEAD move was, read from the HEAD reflog's last line: a branch
 * switch says `checkout: moving from <a> to <b>`; rebase, clone and others say
 * something else. Reading the file's tail costs no subprocess, which matters
 * in a hook that runs inside every `git switch`.
 */
import { open, stat } from 'node:fs/promises';
import { join } from 'node:path';

export interface HeadMove {
  /** The reflog message, or null when there is no reflog file (reflog off, reftable). */
  message: string | null;
  /** Branch left, when the move was a checkout from a branch; else null. */
  from: string | null;
}

const TAIL = 4096;

export async function lastHeadMove(gitDir: string): Promise<HeadMove> {
  const path = join(gitDir, 'logs', 'HEAD');
  const size = (await stat(path).catch(() => null))?.size;
  if (!size) return { message: null, from: null };
  const file = await open(path, 'r');
  try {
    const length = Math.min(size, TAIL);
    const buf = Buffer.alloc(length);
    await file.read(buf, 0, length, size - length);
    const line = buf.toString('utf8').trimEnd().split('\n').pop() ?? '';
    const message = line.slice(line.indexOf('\t') + 1);
    const m = /^checkout: moving from (.+) to (.+)$/.exec(message);
    const from = m && !/^[0-9a-f]{40}([0-9a-f]{24})?$/.test(m[1] ?? '') ? (m[1] ?? null) : null;
    return { message, from };
  } finally {
    await file.close();
  }
}

/** True while git is in the middle of a rebase, am, bisect or sequencer run: no reminders then. */
export async function isMidOperation(gitDir: string): Promise<boolean> {
  const markers = ['rebase-merge', 'rebase-apply', 'BISECT_START', 'sequencer'];
  const found = await Promise.all(markers.map((m) => stat(join(gitDir, m)).then(() => true, () => false)));
  return found.some(Boolean);
}

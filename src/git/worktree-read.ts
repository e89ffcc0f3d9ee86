/**
 * Reading and hashing working-tree entries for both backends, the way git
 * sees them: a symlink is its target text (mode 120000), never what it points
 * at; a FIFO, socket or device is never opened (opening a FIFO blocks until a
 * writer comes, reading /dev/zero never ends); a regular file is read through
 * a handle that refuses a symlink or special file swapped in after the check,
 * and never past the size that handle reports.
 */
import { constants } from 'node:fs';
import { posix } from 'node:path';
import type { WorktreeFs, WorktreeStats } from './worktree-files.js';

/** A working-tree entry read under a cap; `special` names a file type that is never read. */
export interface WorktreeRead {
  size: number;
  /** Null when over the cap, or for a special file. */
  data: Uint8Array | null;
  /** 'FIFO', 'socket', 'device': what the entry is, when it is not a file, symlink or directory. */
  special?: string;
}

/** Opens without following a final symlink and without waiting on a FIFO. */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);
const CHUNK = 1 << 20;

/** What a special file is, for the message that says it was skipped; null for a file, symlink or directory. */
export function specialKind(st: WorktreeStats): string | null {
  if (st.isFile() || st.isSymbolicLink() || st.isDirectory()) return null;
  if (st.isFIFO?.()) return 'FIFO';
  if (st.isSocket?.()) return 'socket';
  if (st.isCharacterDevice?.() || st.isBlockDevice?.()) return 'device';
  return 'special file';
}

/**
 * See `Worktree.readWorktreeFile`: a symlink's target, not what it points at;
 * `special` for a FIFO, socket or device (not opened); null for what is
 * missing, a directory, or vanished while being read.
 */
export async function readWorktreeFile(fs: WorktreeFs, top: string, path: string, maxBytes: number): Promise<WorktreeRead | null> {
  const full = posix.join(top, path);
  const st = await fs.lstat(full).catch(() => null);
  if (!st || st.isDirectory()) return null;
  if (st.isSymbolicLink()) {
    const target = await fs.readlink(full).then((t) => Buffer.from(t), () => null);
    if (!target) return null;
    return { size: target.length, data: target.length <= maxBytes ? target : null };
  }
  const special = specialKind(st);
  if (special) return { size: 0, data: null, special };
  return readRegularFile(fs, full, maxBytes);
}

/**
 * Reads a regular file, at most `maxBytes` (data null beyond, with the size
 * seen); null when it is missing or no longer a regular file once opened.
 */
export async function readRegularFile(fs: WorktreeFs, full: string, maxBytes: number): Promise<WorktreeRead | null> {
  const handle = await fs.open(full, OPEN_FLAGS).catch(() => null);
  if (!handle) return null;
  try {
    const st = await handle.stat();
    if (!st.isFile()) return null;
    if (st.size > maxBytes) return { size: st.size, data: null };
    // One byte more than reported tells a file that grew since.
    const buf = Buffer.alloc(Math.min(st.size, maxBytes) + 1);
    let got = 0;
    while (got < buf.length) {
      const { bytesRead } = await handle.read(buf, got, Math.min(CHUNK, buf.length - got), got);
      if (!bytesRead) break;
      got += bytesRead;
    }
    return got > maxBytes ? { size: got, data: null } : { size: got, data: buf.subarray(0, got) };
  } finally {
    await handle.close();
  }
}

/**
 * The blob id git gives a working-tree entry (as `git add` would store it,
 * without clean filters): a symlink's target text, a regular file's bytes
 * read in chunks (memory stays bounded whatever its size); null for what is
 * missing, a directory or a special file.
 */
export async function hashWorktreeEntry(fs: WorktreeFs, full: string, format: 'sha1' | 'sha256'): Promise<string | null> {
  const st = await fs.lstat(full).catch(() => null);
  if (!st) return null;
  const { startBlobHash } = await import('./loose-objects.js');
  if (st.isSymbolicLink()) {
    const target = await fs.readlink(full).then((t) => Buffer.from(t), () => null);
    return target && startBlobHash(target.length, format).end(target);
  }
  if (!st.isFile()) return null;
  const handle = await fs.open(full, OPEN_FLAGS).catch(() => null);
  if (!handle) return null;
  try {
    const opened = await handle.stat();
    if (!opened.isFile()) return null;
    const hash = startBlobHash(opened.size, format);
    const buf = Buffer.alloc(Math.min(CHUNK, Math.max(opened.size, 1)));
    let got = 0;
    while (got < opened.size) {
      const { bytesRead } = await handle.read(buf, 0, Math.min(buf.length, opened.size - got), got);
      if (!bytesRead) return null; // shrank while read: no consistent content to name
      hash.update(buf.subarray(0, bytesRead));
      got += bytesRead;
    }
    return hash.end();
  } finally {
    await handle.close();
  }
}

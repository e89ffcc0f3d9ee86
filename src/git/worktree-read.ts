/**
 * Reading and hashing working-tree entries for both backends, the way git
 * sees them: a symlink is its target text (mode 120000), never what it points
 * at; a FIFO, socket or device is never opened (opening a FIFO blocks until a
 * writer comes, reading /dev/zero never ends); a regular file is read through
 * a descriptor that refuses a symlink or special file swapped in after the
 * check, and never past the cap. Each entry is read once, synchronously: its
 * bytes and its blob id come from the same read, so whatever is made of the
 * bytes (a blob, a secret scan) is what the id names.
 */
import { constants } from 'node:fs';
import { posix } from 'node:path';
import type { WorktreeStats, WorktreeSyncFs } from './worktree-files.js';

/** A blob id computed piece by piece (loose-objects.ts `startBlobHash`, loaded by the caller). */
export type StartBlobHash = (size: number) => { update(chunk: Uint8Array): void; end(last?: Uint8Array): string };

/** A working-tree entry read under a cap; `special` names a file type that is never read. */
export interface WorktreeRead {
  size: number;
  /** Null when over the cap, or for a special file. */
  data: Uint8Array | null;
  /** 'FIFO', 'socket', 'device': what the entry is, when it is not a file, symlink or directory. */
  special?: string;
}

/** A read entry with what a tree would record of it. */
export interface WorktreeEntry extends WorktreeRead {
  /** The tree mode: the executable bit of a file, 120000 for a symlink; null for a special file. */
  mode: '100644' | '100755' | '120000' | null;
  /**
   * Blob id of exactly the bytes read, stored byte for byte (git's own id when
   * it converts nothing: plain-content.ts); null for a special file, or a file
   * over the cap that shrank while it was hashed.
   */
  oid: string | null;
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
 * Reads the entry at `path` under `top`: a symlink's target, not what it
 * points at; `special` for a FIFO, socket or device (not opened); a regular
 * file's bytes when at most `maxBytes` (data null beyond, hashed in bounded
 * chunks and let go). Null for what is missing, a directory, or no longer a
 * regular file once opened.
 */
export function readWorktreeEntrySync(fs: WorktreeSyncFs, top: string, path: string, maxBytes: number, start: StartBlobHash): WorktreeEntry | null {
  const full = posix.join(top, path);
  const st = attempt(() => fs.lstatSync(full));
  if (!st || st.isDirectory()) return null;
  if (st.isSymbolicLink()) {
    const target = attempt(() => Buffer.from(fs.readlinkSync(full)));
    if (!target) return null;
    return { mode: '120000', size: target.length, data: target.length <= maxBytes ? target : null, oid: start(target.length).end(target) };
  }
  const special = specialKind(st);
  if (special) return { mode: null, size: 0, data: null, special, oid: null };
  const fd = attempt(() => fs.openSync(full, OPEN_FLAGS));
  if (fd === null) return null;
  try {
    const opened = fs.fstatSync(fd);
    if (!opened.isFile()) return null;
    const mode = opened.mode & 0o100 ? '100755' : '100644';
    if (opened.size > maxBytes) return { mode, size: opened.size, data: null, oid: hashLarge(fs, fd, opened.size, start) };
    const data = readCapped(fs, fd, opened.size, maxBytes);
    if (!data) return { mode, size: maxBytes + 1, data: null, oid: null };
    return { mode, size: data.length, data, oid: start(data.length).end(data) };
  } finally {
    fs.closeSync(fd);
  }
}

/** The whole file when it holds at most `maxBytes` (it may have grown or shrunk since `size` was seen); null beyond. */
function readCapped(fs: WorktreeSyncFs, fd: number, size: number, maxBytes: number): Buffer | null {
  // One byte more than reported tells a file that grew since.
  let buf: Buffer = Buffer.alloc(Math.min(size, maxBytes) + 1);
  let got = 0;
  for (;;) {
    const n = fs.readSync(fd, buf, got, Math.min(CHUNK, buf.length - got), got);
    if (!n) return buf.subarray(0, got);
    got += n;
    if (got > maxBytes) return null;
    if (got === buf.length) buf = grow(buf, Math.min(buf.length * 2, maxBytes + 1));
  }
}

function grow(buf: Buffer, length: number): Buffer {
  const bigger = Buffer.alloc(length);
  buf.copy(bigger);
  return bigger;
}

/** A large file's blob id, read in chunks to the size first seen; null when it shrank meanwhile (no consistent content to name). */
function hashLarge(fs: WorktreeSyncFs, fd: number, size: number, start: StartBlobHash): string | null {
  const hash = start(size);
  const buf = Buffer.alloc(Math.min(CHUNK, Math.max(size, 1)));
  for (let got = 0; got < size;) {
    const n = fs.readSync(fd, buf, 0, Math.min(buf.length, size - got), got);
    if (!n) return null;
    hash.update(buf.subarray(0, n));
    got += n;
  }
  return hash.end();
}

function attempt<T>(fn: () => T): T | null {
  try {
    return fn();
  } catch {
    return null;
  }
}

/** The blob-hash starter for an object format, loaded when first needed (it is not on the start-up path). */
export async function blobHasher(format: 'sha1' | 'sha256'): Promise<StartBlobHash> {
  const { startBlobHash } = await import('./loose-objects.js');
  return (size) => startBlobHash(size, format);
}

/** Blob ids of the entries at `paths` (see readWorktreeEntrySync): null for missing, directories and special files. */
export async function hashWorktreeEntries(fs: WorktreeSyncFs, top: string, paths: string[], format: 'sha1' | 'sha256'): Promise<(string | null)[]> {
  const start = await blobHasher(format);
  return paths.map((p) => readWorktreeEntrySync(fs, top, p, CHUNK, start)?.oid ?? null);
}

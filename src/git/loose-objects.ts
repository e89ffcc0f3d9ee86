/**
 * Writes loose objects in-process, exactly as git does (zlib of
 * `<type> <size>\0<content>`, named by its hash, written to a temporary file
 * and renamed into place). Saving a checkpoint writes about eight objects;
 * one subprocess each was most of `save`'s cost.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { removeAtEnd } from '../io/run-scope.js';

export type ObjectType = 'blob' | 'tree' | 'commit';

/** The object id of `content` as a `type` object. */
export function hashObject(type: ObjectType, content: Uint8Array, format: 'sha1' | 'sha256'): { oid: string; raw: Buffer } {
  const raw = Buffer.concat([Buffer.from(`${type} ${content.byteLength}\0`), content]);
  return { oid: createHash(format === 'sha256' ? 'sha256' : 'sha1').update(raw).digest('hex'), raw };
}

/**
 * An object id computed piece by piece: the header needs the size up front,
 * then the content may come in chunks (a large file is never held whole).
 */
export function startBlobHash(size: number, format: 'sha1' | 'sha256'): { update(chunk: Uint8Array): void; end(last?: Uint8Array): string } {
  const hash = createHash(format === 'sha256' ? 'sha256' : 'sha1').update(`blob ${size}\0`);
  return {
    update: (chunk) => void hash.update(chunk),
    end: (last) => (last ? hash.update(last) : hash).digest('hex'),
  };
}

/**
 * Writes the object unless it already exists; returns its id. The file calls
 * are synchronous: a wip snapshot writes a blob per changed file, and a round
 * of the thread pool for each check, mkdir, write and rename cost more than
 * the calls themselves.
 */
export async function writeLooseObject(
  objectsDir: string,
  type: ObjectType,
  content: Uint8Array,
  format: 'sha1' | 'sha256',
): Promise<string> {
  const { oid, raw } = hashObject(type, content, format);
  const dir = join(objectsDir, oid.slice(0, 2));
  const path = join(dir, oid.slice(2));
  if (existsSync(path)) return oid;
  // The objects directory exists: only the fan-out directory may be missing. A plain mkdir reports the
  // real cause (EROFS, ENOSPC, EACCES), where a recursive one can say ENOENT on a read-only file system.
  try {
    mkdirSync(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const tmp = join(dir, `tmp_obj_${randomBytes(6).toString('hex')}`);
  const release = removeAtEnd(tmp);
  try {
    // Loose objects are read-only, as git leaves them; level 1 is git's core.looseCompression default.
    writeFileSync(tmp, deflateSync(raw, { level: 1 }), { mode: 0o444 });
    renameSync(tmp, path);
  } catch (err) {
    // A write that failed part-way (a full disk, a file-size limit) leaves its temporary file: not ours to keep.
    try {
      unlinkSync(tmp);
    } catch {
      // never created, or already gone
    }
    throw err;
  } finally {
    release();
  }
  return oid;
}

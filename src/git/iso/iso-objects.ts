/**
 * Object reads and writes for the isomorphic-git backend. Commits are
 * serialized here, byte for byte from the values given: isomorphic-git's
 * commit paths read the clock, rewrite the message's newlines and count time
 * zones with the opposite sign.
 */
import git from 'isomorphic-git';
import { parseCommit } from '../object-parse.js';
import { renderCommit, renderTree, sortTreeEntries } from '../object-write.js';
import { OID, isoBase, nullOnIsoError, type IsoContext } from './iso-context.js';
import type { CappedBlob, CommitInfo, NewCommit, ObjectId, TreeEntry } from '../repo.js';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The object's bytes, or null when it is missing or not of `type`. */
export async function readRaw(
  ctx: IsoContext, oid: ObjectId, type?: string,
): Promise<{ type: string; object: Uint8Array } | null> {
  if (!OID.test(oid)) return null;
  try {
    const res = await git.readObject({ ...isoBase(ctx), oid, format: 'content' });
    return type && res.type !== type ? null : { type: res.type, object: res.object as Uint8Array };
  } catch (err) {
    return nullOnIsoError(err, 'NotFoundError');
  }
}

/** The blob's bytes; null when the object is missing or not a blob. */
export async function readBlob(ctx: IsoContext, oid: ObjectId): Promise<Uint8Array | null> {
  return (await readRaw(ctx, oid, 'blob'))?.object ?? null;
}

/** The blob at `path` in `commit`'s tree; null when absent or not a blob. */
export async function readBlobAt(ctx: IsoContext, commit: ObjectId, path: string): Promise<Uint8Array | null> {
  try {
    return (await git.readBlob({ ...isoBase(ctx), oid: commit, filepath: path })).blob;
  } catch (err) {
    return nullOnIsoError(err, 'NotFoundError', 'ObjectTypeError', 'InvalidFilepathError');
  }
}

/** isomorphic-git has no way to learn a size without inflating the object: it is read, then dropped if too large. */
export async function readBlobAtCapped(
  ctx: IsoContext, commit: ObjectId, path: string, maxBytes: number,
): Promise<CappedBlob | null> {
  const data = await readBlobAt(ctx, commit, path);
  if (!data) return null;
  return data.byteLength > maxBytes ? { size: data.byteLength, data: null } : { size: data.byteLength, data };
}

/** The tree's entries in git's order; null when the object is missing or not a tree. */
export async function readTree(ctx: IsoContext, oid: ObjectId): Promise<TreeEntry[] | null> {
  if (!OID.test(oid)) return null;
  const res = await git
    .readObject({ ...isoBase(ctx), oid, format: 'parsed' })
    .catch((err: unknown) => nullOnIsoError(err, 'NotFoundError'));
  if (res?.type !== 'tree') return null;
  const parsed = res.object as { mode: string; path: string; oid: string; type: string }[];
  const entries = parsed.map((e) => ({ mode: e.mode, type: e.type, oid: e.oid, name: e.path }) as TreeEntry);
  // isomorphic-git lists entries in readdir order.
  return sortTreeEntries(entries);
}

/** The parsed commit; null when the object is missing or not a commit. */
export async function readCommit(ctx: IsoContext, oid: ObjectId): Promise<CommitInfo | null> {
  const raw = await readRaw(ctx, oid, 'commit');
  return raw ? parseCommit(oid, decoder.decode(raw.object)) : null;
}

/** True when the object exists, whatever its type. */
export async function hasObject(ctx: IsoContext, oid: ObjectId): Promise<boolean> {
  return (await readRaw(ctx, oid)) !== null;
}

export async function writeBlob(ctx: IsoContext, data: Uint8Array | string): Promise<ObjectId> {
  const blob = typeof data === 'string' ? encoder.encode(data) : data;
  return git.writeBlob({ fs: ctx.fs, gitdir: ctx.gitdir, blob });
}

/** Written from our own rendering, like commits: the same checks and bytes as the CLI backend. */
export async function writeTree(ctx: IsoContext, entries: TreeEntry[]): Promise<ObjectId> {
  return git.writeObject({ fs: ctx.fs, gitdir: ctx.gitdir, type: 'tree', object: renderTree(entries), format: 'content' });
}

/** Written from our own rendering, so the stored bytes are exactly the values given. */
export async function writeCommit(ctx: IsoContext, commit: NewCommit): Promise<ObjectId> {
  const object = encoder.encode(renderCommit(commit));
  return git.writeObject({ fs: ctx.fs, gitdir: ctx.gitdir, type: 'commit', object, format: 'content' });
}

/**
 * The dirty files of a save, each read once: the same bytes give the blob id
 * the record lists, the secret scan that may exclude the file from the wip
 * snapshot, and the blob the snapshot writes — so a file that changes while
 * the checkpoint is made can never be recorded under one id and stored as
 * another. Files excluded by name are not read at all.
 */
import type { Repo, WorktreeEntry } from '../../git/repo.js';
import type { ExclusionReason, WipSettings } from './wip.js';
import { nameMatcher } from './wip.js';
import { looksLikeSecret, nameLooksLikeSecret } from '../secrets/secret-content.js';

/**
 * Bytes kept from the read for the snapshot, in all: past this, a file's bytes
 * are let go and the snapshot reads it again (and fails if it changed).
 */
export const KEPT_BYTES = 64 * 1024 * 1024;

export interface DirtyRead {
  /** Blob id of each path read, as git stores it; null for what is missing, a directory or a special file. */
  oids: Map<string, string | null>;
  /** Paths left out of the snapshot, with why, sorted. */
  excluded: { path: string; reason: ExclusionReason }[];
  /** The entries the snapshot writes from (only when git stores the bytes as they are); see `Worktree.snapshotWorktree`. */
  read: Map<string, WorktreeEntry | null>;
}

/** Reads every changed path (`paths`, dirty directories ending in `/` skipped) once, deciding its exclusion as it goes. */
export async function readDirtyFiles(repo: Repo, paths: string[], settings: WipSettings): Promise<DirtyRead> {
  const out: DirtyRead = { oids: new Map(), excluded: [], read: new Map() };
  const isExcludedName = nameMatcher(settings);
  const toRead: string[] = [];
  for (const path of paths) {
    if (path.endsWith('/')) continue;
    if (isExcludedName(path)) out.excluded.push({ path, reason: 'pattern' });
    // A name that holds a token would reach the snapshot as a tree entry name.
    else if (nameLooksLikeSecret(path)) out.excluded.push({ path, reason: 'secret' });
    else toRead.push(path);
  }
  const asStored = await repo.storesBytesAsIs(toRead);
  let kept = 0;
  await repo.readWorktreeFiles(toRead, settings.maxFileSize, (path, entry) => {
    const reason = exclusionOf(entry);
    if (reason) out.excluded.push({ path, reason });
    if (asStored) out.oids.set(path, entry?.oid ?? null);
    if (!asStored || reason) return;
    // Judged as it is read: past the budget only the id is kept, never the bytes.
    const keep = entry?.data && kept + entry.data.length <= KEPT_BYTES;
    if (keep) kept += entry.data!.length;
    out.read.set(path, entry && !keep ? { ...entry, data: null } : entry);
  });
  // git converts these files (a filter, end-of-line rules): its own ids, and its own reads for the snapshot.
  if (!asStored && toRead.length) {
    const oids = await repo.hashWorktreeFiles(toRead);
    toRead.forEach((p, i) => out.oids.set(p, oids[i] ?? null));
  }
  for (const e of out.excluded) if (e.reason === 'secret') out.oids.delete(e.path);
  out.excluded.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return out;
}

function exclusionOf(entry: WorktreeEntry | null): ExclusionReason | null {
  if (!entry) return null;
  if (entry.special) return 'special';
  if (!entry.data) return 'size';
  return looksLikeSecret(entry.data) ? 'secret' : null;
}

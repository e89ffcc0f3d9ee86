/**
 * `save`, step 1 of 3 (gather → plan → apply): reads everything a save
 * depends on and writes nothing. A failure here (a bad config value, an
 * unknown `--parent`) ends the save before any object, ref or config key
 * exists (SPEC §2: nothing written on exit 1 and 129).
 */
import type { Repo, WorktreeEntry } from '../../git/repo.js';
import { readDirtyFiles, type DirtyRead } from './dirty-read.js';
import { addWorktree, gatherGitState, NESTED_REASON, type Gathered } from './gather.js';
import { readIdentity, readWriterStrict, type Identity } from '../store/identity.js';
import { defaultPredecessor, type LineageLink } from '../store/lineage.js';
import { loadListing } from '../listing/listing.js';
import { readRecordAt } from '../store/read-record.js';
import { loadRedactOptions } from '../secrets/redact-config.js';
import type { RedactOptions } from '../secrets/redact.js';
import { resolveCheckpoint } from '../listing/resolve.js';
import type { CheckpointRecord } from '../record/schema.js';
import { changedPaths, readWipSettings, type ExclusionReason, type WipSettings } from './wip.js';

export type LineageRequest =
  | { kind: 'default' }
  | { kind: 'none' }
  | { kind: 'specs'; specs: string[] }
  | { kind: 'links'; links: LineageLink[] };

export interface SaveFactsRequest {
  /** Record for this branch instead of the current one. */
  branch?: string | undefined;
  /** Take the `wip` snapshot; undefined: `checkpoint.wip` (default true). */
  wip?: boolean | undefined;
  lineage: LineageRequest;
}

/** What the working tree holds that must stay out of every object, and what the snapshot covers. */
export interface WipFacts {
  /** Take the snapshot (flag, else `checkpoint.wip`). */
  enabled: boolean;
  /** Every path whose working-tree state differs from HEAD. */
  changed: string[];
  /** Paths left out of the snapshot (and whose blob ids are withheld), sorted. */
  excluded: { path: string; reason: ExclusionReason | typeof NESTED_REASON }[];
  /** Why the exclusions could not be decided (the snapshot is then skipped). */
  error: string | null;
  /** The changed files as read for the record: the snapshot writes these bytes (see `Worktree.snapshotWorktree`). */
  read: ReadonlyMap<string, WorktreeEntry | null>;
}

export interface SaveFacts {
  identity: Identity;
  /** `checkpoint.writer`; null when this clone has not saved yet. */
  writer: string | null;
  gathered: Gathered;
  lineage: LineageLink[];
  /**
   * The record open items carry forward from: the first predecessor when it was
   * named (`--parent`) or saved on the same branch; null otherwise (a save on a
   * branch just switched to does not inherit the other branch's next steps).
   */
  predecessor: CheckpointRecord | null;
  redact: RedactOptions;
  wip: WipFacts;
  objectFormat: 'sha1' | 'sha256';
  /** Config warnings met while reading (a bad `checkpoint.wip` value, ...). */
  warnings: string[];
}

/** Reads the repository for a save. Throws (nothing written) on a bad writer id or an unknown parent. */
export async function gatherSaveFacts(repo: Repo, env: Record<string, string | undefined>, req: SaveFactsRequest): Promise<SaveFacts> {
  const warnings: string[] = [];
  // A setting that cannot be read stops the save; the git state read alongside still ends first.
  const [identity, writer, gathered, settings] = await allSettled([
    readIdentity(repo, env),
    readWriterStrict(repo),
    gatherGitState(repo, { branch: req.branch }),
    readWipSettings(repo),
  ] as const);
  // Reading the dirty files (once each: their ids and their exclusions) and the lineage
  // (the listing, the predecessor's record) need only the status: all at once.
  const [wip, redact, [lineage, first]] = await allSettled([
    readWorktree(repo, gathered, settings, req.wip ?? settings.enabled),
    loadRedactOptions(repo, identity.isFallback ? null : identity.email),
    resolveLineage(repo, req.lineage, writer, gathered.git.branch).then(async (links) => [
      links,
      links[0] ? await readRecordAt(repo, links[0].commit).then((r) => (r.ok ? r.value : null)) : null,
    ] as const),
  ]);
  const named = req.lineage.kind === 'specs' || req.lineage.kind === 'links';
  const predecessor = first && (named || first.git.branch === gathered.git.branch) ? first : null;
  return { identity, writer, gathered, lineage, predecessor, redact, wip, objectFormat: repo.info.objectFormat, warnings };
}

/**
 * Promise.all that waits for every step before it throws the first failure:
 * no step is left running (or failing unobserved) after the save has ended.
 */
async function allSettled<T extends readonly unknown[]>(steps: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const settled = await Promise.allSettled(steps);
  const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((r) => (r as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

/**
 * Reads the changed files once: their blob ids go into the record, their exclusions (decided even
 * without a snapshot: an excluded file's blob id is never recorded either) and bytes into the wip facts.
 */
async function readWorktree(repo: Repo, gathered: Gathered, settings: WipSettings, enabled: boolean): Promise<WipFacts> {
  const wip: WipFacts = { enabled, changed: [], excluded: [], error: null, read: new Map() };
  if (!gathered.status) return wip;
  wip.changed = changedPaths(gathered.status);
  let dirty: DirtyRead;
  try {
    dirty = await readDirtyFiles(repo, wip.changed, settings);
  } catch (err) {
    wip.error = (err as Error).message;
    gathered.git.notCollected.push({ section: 'worktree.oid', reason: wip.error });
    addWorktree(gathered, new Map());
    return wip;
  }
  addWorktree(gathered, dirty.oids);
  const nested = gathered.nested.map((path) => ({ path, reason: NESTED_REASON }));
  wip.excluded = [...dirty.excluded, ...nested].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  wip.read = dirty.read;
  return wip;
}

async function resolveLineage(repo: Repo, lineage: LineageRequest, writer: string | null, branch: string | null): Promise<LineageLink[]> {
  if (lineage.kind === 'none') return [];
  if (lineage.kind === 'links') return lineage.links;
  if (lineage.kind === 'default') {
    const link = await defaultPredecessor(repo, writer, branch);
    return link ? [link] : [];
  }
  const listing = await loadListing(repo);
  return lineage.specs.map((spec) => {
    const found = resolveCheckpoint(listing, spec, branch);
    return { id: found.id, commit: found.commit, writer: found.writer };
  });
}

/**
 * Turns what a user typed into one checkpoint (SPEC §3 "Ids"): `latest`, a
 * full id, a label, a unique id prefix, or a checkpoint commit id.
 */
import { InvalidRecordError, NotFoundError, UsageError } from '../errors.js';
import type { Repo } from '../git/repo.js';
import { oneLine } from '../render/sanitize.js';
import { loadListing, type CheckpointSummary, type Listing } from './listing.js';
import { readRecordAt } from './read-record.js';
import { nameMatches } from './redacted-names.js';
import type { CheckpointRecord } from './schema.js';

/** Picks one checkpoint of the listing; NotFoundError when none or several match. */
export function resolveCheckpoint(listing: Listing, spec: string, currentBranch: string | null): CheckpointSummary {
  const all = listing.checkpoints;
  if (!spec.trim()) throw new UsageError('empty checkpoint name', { hint: "use an id, a prefix of one, a label, a commit id or 'latest'" });
  if (spec === 'latest') {
    const found = all.find((c) => currentBranch !== null && nameMatches(c.branch, currentBranch)) ?? all[0];
    if (!found) throw new NotFoundError('no checkpoints yet', { hint: 'save one with: git checkpoint save -m "<task>"' });
    return found;
  }
  const exact = all.find((c) => c.id === spec);
  if (exact) return exact;
  const labelled = all.find((c) => c.label === spec);
  if (labelled) return labelled;
  const candidates = new Map<string, CheckpointSummary>();
  for (const c of all) if (c.id.startsWith(spec)) candidates.set(c.commit, c);
  if (/^[0-9a-f]{4,64}$/.test(spec)) for (const c of all) if (c.commit.startsWith(spec)) candidates.set(c.commit, c);
  if (candidates.size === 1) return [...candidates.values()][0]!;
  if (candidates.size > 1) {
    const list = [...candidates.values()].map((c) => `  ${c.id}  ${c.writer}  ${oneLine(c.title, 60)}`).join('\n');
    throw new NotFoundError(`checkpoint '${spec}' is ambiguous; candidates:\n${list}`, {
      data: { candidates: [...candidates.values()].map((c) => c.id) },
    });
  }
  const invalid = listing.invalid.find((i) => i.id === spec || i.commit.startsWith(spec) || i.id?.startsWith(spec));
  if (invalid) throw new InvalidRecordError(`checkpoint ${invalid.commit} is invalid: ${invalid.error}`);
  throw new NotFoundError(`no checkpoint matches '${spec}'`, { hint: 'see the list with: git checkpoint list' });
}

/** Reads and validates the full record of a listed checkpoint. */
export async function loadRecord(repo: Repo, summary: Pick<CheckpointSummary, 'commit'>): Promise<CheckpointRecord> {
  const parsed = await readRecordAt(repo, summary.commit);
  if (!parsed.ok) throw new InvalidRecordError(`checkpoint ${summary.commit} is invalid: ${parsed.error}`);
  return parsed.value;
}

export interface FoundCheckpoint {
  listing: Listing;
  summary: CheckpointSummary;
  record: CheckpointRecord;
}

/**
 * What every command taking a `<ckpt>` does first: list the chains, resolve
 * `spec` against the current branch (for `latest`), read and validate the record.
 */
export async function findCheckpoint(repo: Repo, spec: string): Promise<FoundCheckpoint> {
  const [listing, branch] = await Promise.all([loadListing(repo), repo.headBranch()]);
  const summary = resolveCheckpoint(listing, spec, branch);
  return { listing, summary, record: await loadRecord(repo, summary) };
}

/**
 * Turns what a user typed into one checkpoint (SPEC §3 "Ids"): `latest`, a
 * full id, a label, a unique id prefix or suffix (the random part, `k3q9`),
 * or a checkpoint commit id; any of them followed by `~<n>` (`latest~1`).
 */
import { InvalidRecordError, NotFoundError, UsageError } from '../../errors.js';
import type { Repo } from '../../git/repo.js';
import { oneLine } from '../../text/sanitize.js';
import { checkListed, loadListing, nextCut, ownHead, partialListing } from './listing.js';
import type { CheckpointSummary, Listing } from './types.js';
import { readWriter } from '../store/identity.js';
import { COLD_CUTS } from './listing-cold.js';
import { readRecordAt } from '../store/read-record.js';
import { nameMatches } from '../secrets/redacted-names.js';
import { fetchSuggestion } from '../sharing/remote.js';
import type { CheckpointRecord } from '../record/schema.js';

/** Picks one checkpoint of the listing; NotFoundError when none or several match. `ownWriter` shapes `latest`. */
export function resolveCheckpoint(listing: Listing, spec: string, currentBranch: string | null, ownWriter: string | null = null): CheckpointSummary {
  return resolveNamed(listing, spec, { branch: currentBranch, ownWriter, fetchFrom: null }).summary;
}

export interface ResolveContext {
  branch: string | null;
  ownWriter: string | null;
  /** A configured remote to suggest fetching from when there is nothing at all; null for none. */
  fetchFrom: string | null;
}

export interface Resolved {
  summary: CheckpointSummary;
  /** Why `latest` is not this writer's newest on the branch (whose it is); null when it is, or for other names. */
  note: string | null;
}

/** `resolveCheckpoint`, saying whose checkpoint `latest` turned out to be. */
export function resolveNamed(listing: Listing, spec: string, rc: ResolveContext): Resolved {
  if (!spec.trim()) throw new UsageError('empty checkpoint name', { hint: "use an id, a prefix of one, a label, a commit id or 'latest'" });
  const back = /^(.+?)((?:~\d*)+)$/.exec(spec);
  if (back) {
    const base = resolveNamed(listing, back[1]!, rc);
    return { summary: stepBack(listing, base.summary, spec, countSteps(back[2]!)), note: base.note };
  }
  if (spec === 'latest') return resolveLatest(listing, rc);
  return { summary: resolveName(listing, spec), note: null };
}

/** `~` is one step, `~3` three, `~2~` three (as git reads `HEAD~2~`). */
function countSteps(suffix: string): number {
  return suffix.split('~').slice(1).reduce((n, part) => n + (part === '' ? 1 : Number(part)), 0);
}

/** The checkpoint `steps` before `from` on the same writer's chain (newest first in the listing). */
function stepBack(listing: Listing, from: CheckpointSummary, spec: string, steps: number): CheckpointSummary {
  const chain = listing.checkpoints.filter((c) => c.writer === from.writer && c.remote === from.remote);
  const found = chain[chain.indexOf(from) + steps];
  if (!found) {
    const older = chain.length - 1 - chain.indexOf(from);
    throw new NotFoundError(`no checkpoint matches '${spec}': ${from.id} has ${older} older checkpoint${older === 1 ? '' : 's'} on its chain`);
  }
  return found;
}

/**
 * `latest` (SPEC §5): this writer's newest on the current branch, then
 * anyone's newest on the branch, then the newest anywhere, saying whose.
 */
function resolveLatest(listing: Listing, rc: ResolveContext): Resolved {
  const all = listing.checkpoints;
  const onBranch = latestOnBranch(listing, rc.branch, rc.ownWriter);
  if (onBranch?.own) return { summary: onBranch.summary, note: null };
  const found = onBranch?.summary ?? all[0];
  if (!found) {
    const hint = rc.fetchFrom
      ? `fetch the checkpoints of '${rc.fetchFrom}' with: git checkpoint fetch`
      : 'save one with: git checkpoint save -m "<task>"';
    throw new NotFoundError('no checkpoints yet', { hint });
  }
  const mine = found.remote === null && found.writer === rc.ownWriter;
  const whose = mine ? 'yours' : `by ${oneLine(found.writer, 60)}${found.remote ? ` (from ${oneLine(found.remote, 60)})` : ''}`;
  const where = `on '${oneLine(found.branch ?? '(detached)', 120)}'`;
  if (onBranch) return { summary: found, note: `latest ${where} is ${whose}: you have none on this branch` };
  const here = rc.branch === null ? 'not on a branch' : `no checkpoint on '${oneLine(rc.branch, 120)}'`;
  return { summary: found, note: `${here}: latest anywhere is ${whose}, ${where}` };
}

/** This writer's newest checkpoint on `branch`, else anyone's (`own` false); null when the branch has none. */
export function latestOnBranch(listing: Listing, branch: string | null, ownWriter: string | null): { summary: CheckpointSummary; own: boolean } | null {
  if (branch === null) return null;
  const onBranch = listing.checkpoints.filter((c) => nameMatches(c.branch, branch));
  const own = onBranch.find((c) => c.remote === null && c.writer === ownWriter);
  if (own) return { summary: own, own: true };
  return onBranch[0] ? { summary: onBranch[0], own: false } : null;
}

function resolveName(listing: Listing, spec: string): CheckpointSummary {
  const all = listing.checkpoints;
  const exact = all.find((c) => c.id === spec);
  if (exact) return exact;
  const labelled = all.find((c) => c.label === spec);
  if (labelled) return labelled;
  const candidates = new Map<string, CheckpointSummary>();
  for (const c of all) if (c.id.startsWith(spec)) candidates.set(c.commit, c);
  // The random part alone (`k3q9`), or any longer tail of an id (`182748-k3q9`).
  if (spec.length >= 4) for (const c of all) if (c.id.endsWith(spec)) candidates.set(c.commit, c);
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
  /** Whose checkpoint `latest` is when it is not this writer's on this branch (print it). */
  note: string | null;
}

/**
 * What every command taking a `<ckpt>` does first: list the chains, resolve
 * `spec` against the current branch and writer (for `latest`), read and
 * validate the record. `now` (ms) keeps records dated in the future last.
 * The listing is lazy: only the records the answer depends on are read (the
 * one named, the ones a `~N` steps over, the candidates of an ambiguity);
 * an invalid one drops out and the name is resolved again.
 */
export async function findCheckpoint(repo: Repo, spec: string, opts: { now?: number } = {}): Promise<FoundCheckpoint> {
  // `latest` is answered from the listing's head while no chain moved (see listing-view.ts).
  // With no listing cache, from the newest commits alone when they tell (listing-cold.ts): of the own
  // chains when this writer has one (its newest on the branch is `latest`, whoever saved since).
  const head = spec === 'latest';
  const [branch, ownWriter] = await Promise.all([repo.headBranch(), readWriter(repo)]);
  let listing = (head && ownWriter !== null && (await ownHead(repo, ownWriter, opts.now ?? Infinity)))
    || (await loadListing(repo, { now: opts.now, lazy: true, head, cold: { cut: COLD_CUTS[0], mine: ownWriter ?? undefined } }));
  const rc: ResolveContext = { branch, ownWriter, fetchFrom: await fetchSuggestion(repo, listing) };
  const widen = () => {
    const cold = partialListing(listing)?.cold;
    // From a head of every chain (one kept from `list`) to the own chains' newest: this writer's newest on the branch is there.
    const walk = cold && !cold.own && ownWriter !== null && listing.localWriters.has(ownWriter) ? { cut: COLD_CUTS[0], own: true } : nextCut(listing);
    return loadListing(repo, { now: opts.now, lazy: true, head: Boolean(walk), cold: walk && { ...walk, mine: ownWriter ?? undefined }, sameRefsAs: listing });
  };
  for (;;) {
    if (partialListing(listing)?.stale) listing = await widen();
    let found: Resolved;
    try {
      found = resolveNamed(listing, spec, rc);
    } catch (err) {
      const unchecked = uncheckedCandidates(listing, err);
      if (!unchecked.length) throw err;
      await checkListed(repo, listing, unchecked);
      continue;
    }
    // Checking a record only moves it down: a row that cannot answer now never will.
    if (!coldAnswers(listing, found, rc)) {
      listing = await widen();
      continue;
    }
    const needed = dependsOn(listing, spec, found.summary, rc).filter((s) => !s.checked);
    const progress = needed.length > 0 && (await checkListed(repo, listing, needed), needed.some((s) => s.checked || !listing.checkpoints.includes(s)));
    // Resolved again after checking: a record may be invalid, or its own date may reorder the listing.
    if (progress) continue;
    if (!coldAnswers(listing, found, rc)) {
      listing = await widen();
      continue;
    }
    return { listing, summary: found.summary, record: await loadRecord(repo, found.summary), note: found.note };
  }
}

/**
 * Whether `latest` found in a listing read with no cache (only the newest
 * commits) is what the whole listing would say: the row is above every row
 * not read, and no own checkpoint on the branch can hide among them.
 */
function coldAnswers(listing: Listing, found: Resolved, rc: ResolveContext): boolean {
  const cold = partialListing(listing)?.cold;
  if (!cold) return true;
  if (found.summary.time <= cold.floor) return false;
  const onBranch = latestOnBranch(listing, rc.branch, rc.ownWriter);
  if (onBranch?.own) return true;
  // Anyone's newest on the branch, when this writer has no chain to hold a newer own one.
  return !cold.own && onBranch !== null && (rc.ownWriter === null || !listing.localWriters.has(rc.ownWriter));
}

/** The unchecked candidates of an ambiguity (some may be invalid, and then it is none). */
function uncheckedCandidates(listing: Listing, err: unknown): CheckpointSummary[] {
  const ids = err instanceof NotFoundError ? (err.data as { candidates?: string[] } | undefined)?.candidates : undefined;
  if (!ids) return [];
  const wanted = new Set(ids);
  return listing.checkpoints.filter((c) => !c.checked && wanted.has(c.id)).slice(0, 100);
}

/** The checkpoints whose validity decides what `spec` names: the one found and, for `~N`, those stepped over. */
function dependsOn(listing: Listing, spec: string, found: CheckpointSummary, rc: ResolveContext): CheckpointSummary[] {
  const back = /^(.+?)((?:~\d*)+)$/.exec(spec);
  if (!back) return [found];
  const base = resolveNamed(listing, back[1]!, rc).summary;
  const chain = listing.checkpoints.filter((c) => c.writer === found.writer && c.remote === found.remote);
  return chain.slice(chain.indexOf(base), chain.indexOf(found) + 1);
}


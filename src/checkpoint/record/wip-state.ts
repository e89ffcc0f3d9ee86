/**
 * Whether a checkpoint's snapshot of uncommitted work (its `wip` tree) can be
 * used here, and if not, why — one answer for every reader (show, diff,
 * apply, resume, status, the MCP tools), so none says "saved with --no-wip"
 * of a snapshot that failed to be written, or offers `apply` for one this
 * clone does not hold.
 *
 * A save whose snapshot could not be taken or written (a file-size limit, a
 * full disk, an unreadable file) still saves the rest (SPEC §6: a section
 * that fails is recorded as not collected, with the reason): `git.wip` is
 * null and `git.notCollected` holds `{section: "wip", reason}`.
 */
import type { Repo } from '../../git/repo.js';
import type { CheckpointRecord } from './schema.js';

export type WipState =
  | { kind: 'saved'; tree: string; excluded: { path: string; reason: string }[] }
  /** Saved without one: `--no-wip` or `checkpoint.wip=false`. */
  | { kind: 'off' }
  /** It should have been there, and could not be taken or written at save time. */
  | { kind: 'failed'; reason: string }
  /** Recorded, but its tree is not in this clone (pushed with checkpoint.autoPush=nowip, or lost). */
  | { kind: 'not-here'; tree: string };

/** What the record alone says about the snapshot (`saved` does not promise the tree is here). */
export function recordedWip(record: Pick<CheckpointRecord, 'git'>): WipState {
  const wip = record.git.wip;
  if (wip) return { kind: 'saved', tree: wip.tree, excluded: wip.excluded };
  const failed = record.git.notCollected.find((n) => n.section === 'wip');
  return failed ? { kind: 'failed', reason: failed.reason } : { kind: 'off' };
}

/** The snapshot as this clone can use it: `not-here` when the record names a tree the clone does not hold. */
export async function readWipState(repo: Pick<Repo, 'hasObject'>, record: CheckpointRecord): Promise<WipState> {
  const state = recordedWip(record);
  if (state.kind === 'saved' && !(await repo.hasObject(state.tree))) return { kind: 'not-here', tree: state.tree };
  return state;
}

/** Why there is no snapshot to use, as one clause for `has no wip snapshot (…)`; null when there is one. */
export function whyNoWip(state: WipState): string | null {
  switch (state.kind) {
    case 'saved':
      return null;
    case 'off':
      return 'saved without one: --no-wip or checkpoint.wip=false';
    case 'failed':
      return `not collected at save time: ${state.reason}`;
    case 'not-here':
      return `its tree ${state.tree.slice(0, 7)} is not in this clone; a writer with checkpoint.autoPush=nowip pushes checkpoints without it`;
  }
}

/** `checkpoint <id> has no wip snapshot (why)`: what diff, apply and show say; null when there is one. */
export function noWipSentence(id: string, state: WipState): string | null {
  const why = whyNoWip(state);
  return why === null ? null : `checkpoint ${id} has no wip snapshot (${why})`;
}

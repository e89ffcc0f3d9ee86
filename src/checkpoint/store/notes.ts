/**
 * Per-writer notes (SPEC §3): the note on a code commit holds one line per
 * checkpoint saved there. Written with compare-and-swap like the chain, so
 * concurrent saves never drop a line. Trees use git's fanout layout
 * (notes-tree.ts): adding a line rewrites only the trees on its note's path.
 */
import type { ObjectId, Person, Repo } from '../../git/repo.js';
import { findNote, setNote, writeNotesTree } from './notes-tree.js';
import { RefConflictError } from '../../errors.js';

const MAX_ATTEMPTS = 100;

/** Every note of a notes commit: annotated object id → note blob id (any fanout). */
export async function readNotesMap(repo: Repo, notesCommit: ObjectId | null): Promise<Map<ObjectId, ObjectId>> {
  const map = new Map<ObjectId, ObjectId>();
  if (!notesCommit) return map;
  const commit = await repo.readCommit(notesCommit);
  if (!commit) return map;
  await collect(repo, commit.tree, '', map);
  return map;
}

async function collect(repo: Repo, tree: ObjectId, prefix: string, map: Map<ObjectId, ObjectId>): Promise<void> {
  for (const entry of (await repo.readTree(tree)) ?? []) {
    const name = prefix + entry.name;
    if (entry.type === 'tree' && /^[0-9a-f]{2}$/.test(entry.name)) await collect(repo, entry.oid, name, map);
    else if (entry.type === 'blob' && /^([0-9a-f]{40}|[0-9a-f]{64})$/.test(name)) map.set(name, entry.oid);
  }
}

export interface NoteEdit {
  /** The code commit annotated. */
  target: ObjectId;
  /** Lines to add (kept once: re-adding a line changes nothing). */
  lines: string[];
}

export interface PreparedNotes {
  /** The notes commit the new one builds on (null: the ref does not exist yet). */
  old: ObjectId | null;
  /** The new notes commit, or null when every line is already there. */
  commit: ObjectId | null;
}

/** Writes (but does not publish) a notes commit adding `edits` to the current notes of `ref`. */
export async function prepareNotes(repo: Repo, ref: string, edits: NoteEdit[], who: Person): Promise<PreparedNotes> {
  const old = await repo.readRef(ref);
  const start = old ? ((await repo.readCommit(old))?.tree ?? null) : null;
  let tree = start;
  for (const edit of edits) {
    const current = await findNote(repo, tree, edit.target);
    const text = current ? Buffer.from((await repo.readBlob(current)) ?? []).toString('utf8') : '';
    const have = new Set(text.split('\n').filter(Boolean));
    const add = edit.lines.filter((l) => !have.has(l));
    if (!add.length) continue;
    const next = `${text}${text && !text.endsWith('\n') ? '\n' : ''}${add.join('\n')}\n`;
    tree = await setNote(repo, tree, edit.target, await repo.writeBlob(next));
  }
  if (tree === start || tree === null) return { old, commit: null };
  const message = 'Notes added by git-checkpoint\n';
  return { old, commit: await repo.writeCommit({ tree, parents: old ? [old] : [], author: who, committer: who, message }) };
}

/**
 * Appends lines to the notes of `ref` with compare-and-swap and retry;
 * `first` is an attempt prepared earlier (in parallel with other work).
 * Returns the new notes commit, or null when nothing changed.
 */
export async function appendNotes(
  repo: Repo,
  ref: string,
  edits: NoteEdit[],
  who: Person,
  first?: Promise<PreparedNotes>,
): Promise<ObjectId | null> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const prepared = attempt === 0 && first ? await first : await prepareNotes(repo, ref, edits, who);
    if (!prepared.commit) return null;
    if (await repo.updateRef(ref, prepared.commit, prepared.old, 'checkpoint: note')) return prepared.commit;
    await backoff(attempt);
  }
  throw new RefConflictError(`could not update ${ref}: it kept moving under us`);
}

/** Writes a notes commit holding exactly `map` (git's fanout layout once it is large). */
export async function writeNotesCommit(
  repo: Repo,
  map: Map<ObjectId, string>,
  parents: ObjectId[],
  who: Person,
  message: string,
): Promise<ObjectId> {
  const tree = await writeNotesTree(repo, map);
  return repo.writeCommit({ tree, parents, author: who, committer: who, message: `${message}\n` });
}

/** Waits a little, more on each attempt, with jitter so racing savers spread out. */
export function backoff(attempt: number): Promise<void> {
  const ms = Math.min(50, 2 + attempt * 3) * (0.5 + Math.random());
  return new Promise((r) => setTimeout(r, ms));
}

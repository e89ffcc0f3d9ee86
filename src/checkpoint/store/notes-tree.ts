/**
 * Notes trees in git's fanout layout. A note for object `abcdef…` lives at
 * `abcdef…` (flat), `ab/cdef…` (one level), `ab/cd/ef…` (two): git reads any
 * of them. Adding a note touches only the trees on its path, so a save costs
 * the same with ten notes or a million: any level that grows past FANOUT_AT
 * entries is re-laid once with one level more below it, as `git notes` fans
 * out a level that fills up.
 */
import type { ObjectId, Repo, TreeEntry } from '../../git/repo.js';

/** Entries one level of a notes tree may hold before it is re-laid with one more level of fanout below it. */
export const FANOUT_AT = 256;
const HEX2 = /^[0-9a-f]{2}$/;
const NOTE_NAME = /^[0-9a-f]+$/;

/** The blob of the note on `target` in `tree`, whatever the layout; null when there is none. */
export async function findNote(repo: Repo, tree: ObjectId | null, target: ObjectId): Promise<ObjectId | null> {
  let at = tree;
  let rest = target;
  while (at) {
    const entries = (await repo.readTree(at)) ?? [];
    const blob = entries.find((e) => e.type === 'blob' && e.name === rest);
    if (blob) return blob.oid;
    const sub = entries.find((e) => e.type === 'tree' && e.name === rest.slice(0, 2));
    if (!sub || rest.length <= 2) return null;
    at = sub.oid;
    rest = rest.slice(2);
  }
  return null;
}

/**
 * A tree like `tree` with the note on `target` set to `blob`; only the trees
 * on its path are read and rewritten. A level that would pass FANOUT_AT
 * entries is re-laid one level deeper first, so no tree on the path holds
 * more than that whatever the number of notes.
 */
export async function setNote(repo: Repo, tree: ObjectId | null, target: ObjectId, blob: ObjectId): Promise<ObjectId> {
  return setAt(repo, tree ? ((await repo.readTree(tree)) ?? []) : [], target, blob);
}

async function setAt(repo: Repo, entries: TreeEntry[], rest: string, blob: ObjectId): Promise<ObjectId> {
  const prefix = rest.slice(0, 2);
  const sub = entries.find((e) => e.type === 'tree' && e.name === prefix);
  // Keep the layout the tree already has: a note already at this level is replaced here (it is the one
  // findNote reads), else into the fanout subtree of this prefix (made when a fanned level has none yet).
  const here = entries.some((e) => e.type === 'blob' && e.name === rest);
  if (!here && (sub || entries.some((e) => e.type === 'tree' && HEX2.test(e.name)))) {
    const inner = sub ? ((await repo.readTree(sub.oid)) ?? []) : [];
    const oid = await setAt(repo, inner, rest.slice(2), blob);
    return repo.writeTree([...entries.filter((e) => e !== sub), { mode: '040000', type: 'tree', oid, name: prefix }]);
  }
  return writeLevel(repo, [...entries.filter((e) => e.name !== rest), { mode: '100644', type: 'blob', oid: blob, name: rest }]);
}

/**
 * Writes one level of a notes tree: as it is up to FANOUT_AT entries, else
 * each note goes into the subtree named after its next two hex digits,
 * itself laid out the same way (as deep as the number of notes needs).
 * Entries that are not notes stay at this level.
 */
async function writeLevel(repo: Repo, entries: TreeEntry[]): Promise<ObjectId> {
  if (entries.length <= FANOUT_AT) return repo.writeTree(entries);
  const groups = new Map<string, TreeEntry[]>();
  const others: TreeEntry[] = [];
  for (const e of entries) {
    if (e.type !== 'blob' || !NOTE_NAME.test(e.name) || e.name.length <= 2) {
      others.push(e);
      continue;
    }
    const key = e.name.slice(0, 2);
    const group = groups.get(key) ?? [];
    if (!group.length) groups.set(key, group);
    group.push({ ...e, name: e.name.slice(2) });
  }
  const subtrees: TreeEntry[] = [];
  for (const [name, group] of groups) subtrees.push({ mode: '040000', type: 'tree', oid: await writeLevel(repo, group), name });
  return repo.writeTree([...others, ...subtrees]);
}

/** A tree holding exactly `notes` (target → blob), flat when small, else fanned out as deep as needed. */
export async function writeNotesTree(repo: Repo, notes: Map<ObjectId, ObjectId>): Promise<ObjectId> {
  return writeLevel(repo, [...notes].map(([target, blob]) => ({ mode: '100644', type: 'blob', oid: blob, name: target })));
}

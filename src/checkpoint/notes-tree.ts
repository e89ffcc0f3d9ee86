/**
 * Notes trees in git's fanout layout. A note for object `abcdef…` lives at
 * `abcdef…` (flat), `ab/cdef…` (one level), `ab/cd/ef…` (two): git reads any
 * of them. Adding a note touches only the trees on its path, so a save costs
 * the same with ten notes or a hundred thousand; a flat tree that grows past
 * FANOUT_AT entries is re-laid once with one level, as `git notes` does.
 */
import type { ObjectId, Repo, TreeEntry } from '../git/repo.js';

/** Entries a flat notes tree may hold before it is re-laid with one level of fanout. */
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

/** A tree like `tree` with the note on `target` set to `blob`; only the trees on its path are rewritten. */
export async function setNote(repo: Repo, tree: ObjectId | null, target: ObjectId, blob: ObjectId): Promise<ObjectId> {
  const entries = tree ? ((await repo.readTree(tree)) ?? []) : [];
  const fanned = entries.some((e) => e.type === 'tree' && HEX2.test(e.name));
  if (!fanned && entries.length + 1 > FANOUT_AT) return relayOneLevel(repo, entries, target, blob);
  return setAt(repo, entries, target, blob);
}

async function setAt(repo: Repo, entries: TreeEntry[], rest: string, blob: ObjectId): Promise<ObjectId> {
  const prefix = rest.slice(0, 2);
  const sub = entries.find((e) => e.type === 'tree' && e.name === prefix);
  // Keep the layout the tree already has: into the fanout subtree of this prefix (made when a fanned
  // level has none yet), else a note at this level.
  if (sub || entries.some((e) => e.type === 'tree' && HEX2.test(e.name))) {
    const inner = sub ? ((await repo.readTree(sub.oid)) ?? []) : [];
    const oid = await setAt(repo, inner, rest.slice(2), blob);
    return repo.writeTree([...entries.filter((e) => e !== sub), { mode: '040000', type: 'tree', oid, name: prefix }]);
  }
  const kept = entries.filter((e) => e.name !== rest);
  return repo.writeTree([...kept, { mode: '100644', type: 'blob', oid: blob, name: rest }]);
}

/** Re-lays a flat tree as `xx/<rest>` (one level), with the new note in it. */
async function relayOneLevel(repo: Repo, entries: TreeEntry[], target: ObjectId, blob: ObjectId): Promise<ObjectId> {
  const groups = new Map<string, TreeEntry[]>();
  const others: TreeEntry[] = [];
  const notes = [...entries.filter((e) => e.name !== target), { mode: '100644' as const, type: 'blob' as const, oid: blob, name: target }];
  for (const e of notes) {
    if (e.type !== 'blob' || !NOTE_NAME.test(e.name) || e.name.length <= 2) {
      others.push(e);
      continue;
    }
    const key = e.name.slice(0, 2);
    groups.set(key, [...(groups.get(key) ?? []), { ...e, name: e.name.slice(2) }]);
  }
  const subtrees: TreeEntry[] = [];
  for (const [name, group] of groups) subtrees.push({ mode: '040000', type: 'tree', oid: await repo.writeTree(group), name });
  return repo.writeTree([...others, ...subtrees]);
}

/** A tree holding exactly `notes` (target → blob), flat when small, else with one level of fanout. */
export async function writeNotesTree(repo: Repo, notes: Map<ObjectId, ObjectId>): Promise<ObjectId> {
  const entries: TreeEntry[] = [...notes].map(([target, blob]) => ({ mode: '100644', type: 'blob', oid: blob, name: target }));
  if (entries.length <= FANOUT_AT) return repo.writeTree(entries);
  const last = entries.pop()!;
  return relayOneLevel(repo, entries, last.name, last.oid);
}

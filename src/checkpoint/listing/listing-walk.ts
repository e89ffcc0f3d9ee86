/**
 * Keeps the listing cache's walk of the chains current at the cost of what
 * changed: a chain whose tip moved is walked from its old tip only (git's
 * `^old`), a new or rewritten chain down to what is already stored (a
 * rewritten one shares nothing past the rewrite, so all of that is walked),
 * and the commits each chain reaches are then found in memory, the way
 * `walkChains` reaches them: first-parent lines, then lineage links.
 */
import type { Repo } from '../../git/repo.js';
import { MAX_COMMIT_PARENTS, MAX_ROUNDS, walkChains } from './chain-walk.js';
import { beginLongWalk, beginWalk, spillWalk, storeCommit, storeTip, type ListingStore } from './listing-cache.js';
import type { InvalidCheckpoint } from './types.js';
import { parseMessage } from '../record/message.js';

/** Walks what the store lacks for `refs`; refs that lead to no commit are reported in `invalid`. */
export async function updateStore(repo: Repo, store: ListingStore, refs: readonly { name: string; oid: string }[], invalid: InvalidCheckpoint[]): Promise<void> {
  const moved = refs.filter((r) => store.tips.get(r.name) !== r.oid);
  if (!moved.length) return;
  const unwalked = moved.filter((r) => !store.commits.has(r.oid));
  if (unwalked.length) {
    const still = refs.filter((r) => store.tips.get(r.name) === r.oid).map((r) => r.oid);
    const old = [...new Set(moved.map((r) => store.tips.get(r.name)).filter((oid): oid is string => oid !== undefined))];
    // An old tip may be gone (pruned, then collected): git refuses to exclude a missing object.
    const present = await Promise.all(old.map((oid) => repo.hasObject(oid).catch(() => false)));
    const exclude = [...new Set([...still, ...old.filter((_, i) => present[i])])];
    await beginLongWalk(repo, store);
    let began = false;
    // Each commit is stored as git writes it, its lines appended as they pile up: nothing else is held.
    await walkChains(repo, unwalked, invalid, { known: (oid) => store.commits.has(oid), exclude }, (c) => {
      if (!began) (beginWalk(store), began = true);
      const facts = parseMessage(c.message);
      storeCommit(store, c.oid, {
        parents: c.parents, committed: c.committed,
        id: facts.id, writer: facts.writer, branch: facts.branch, label: facts.label, title: facts.title,
      });
      spillWalk(repo, store);
    });
  }
  // Only a tip whose walk is stored is remembered: a broken ref is walked (and reported) again next time.
  for (const r of moved) if (store.commits.has(r.oid)) storeTip(store, r.name, r.oid);
}

/** A stored commit as the attribution sees it. */
export interface Reached {
  oid: string;
  parents: string[];
}

/**
 * The stored commits `refs` reach, newest first by committer time; at equal
 * times, later walks first, then git log's order (children first).
 */
export function reachFromStore(store: ListingStore, refs: readonly { oid: string }[]): Reached[] {
  const seen = new Set<string>();
  let tips = [...new Set(refs.map((r) => r.oid))];
  for (let round = 0; tips.length && round < MAX_ROUNDS; round++) {
    const links: string[] = [];
    for (const tip of tips) {
      for (let oid: string | undefined = tip; oid !== undefined && !seen.has(oid);) {
        const c = store.commits.get(oid);
        if (!c) break;
        seen.add(oid);
        if (c.parents.length <= MAX_COMMIT_PARENTS) links.push(...c.parents.slice(1));
        oid = c.parents[0];
      }
    }
    tips = links.filter((oid) => !seen.has(oid) && store.commits.has(oid));
  }
  const out = [...seen].map((oid) => ({ oid, c: store.commits.get(oid)! }));
  out.sort((a, b) => b.c.committed - a.c.committed || b.c.gen - a.c.gen || a.c.pos - b.c.pos);
  return out.map(({ oid, c }) => ({ oid, parents: c.parents }));
}

/**
 * Crash tests (SPEC §9) stop a save right after one step, through a `Repo`
 * decorator rather than flags in the domain: `GIT_CHECKPOINT_FAULT=objects`
 * fails the first update of a chain ref before it happens (objects written,
 * no checkpoint), `ref` right after it (a checkpoint without its note),
 * `note` right after the notes ref moved.
 */
import type { Repo } from '../git/repo.js';

export class InjectedFault extends Error {
  constructor(step: string) {
    super(`injected fault after ${step}`);
  }
}

const CHAIN = /^refs\/checkpoints\/(?!remotes\/)/;
const NOTES = /^refs\/notes\/checkpoints\/(?!remotes\/)/;

/** Wraps `repo` so that the named step throws; other values leave it as it is. */
export function withFault(repo: Repo, step: string | undefined): Repo {
  if (step !== 'objects' && step !== 'ref' && step !== 'note') return repo;
  const updateRef: Repo['updateRef'] = async (name, next, expected, reason) => {
    if (step === 'objects' && CHAIN.test(name)) throw new InjectedFault('objects');
    const moved = await repo.updateRef(name, next, expected, reason);
    if (moved && ((step === 'ref' && CHAIN.test(name)) || (step === 'note' && NOTES.test(name)))) throw new InjectedFault(step);
    return moved;
  };
  return new Proxy(repo, {
    get(target, prop, receiver) {
      if (prop === 'updateRef') return updateRef;
      // One transaction would move chain and note together: refs move one by one, so each step can fail alone.
      if (prop === 'tryUpdateRefs') return async () => false;
      const value = Reflect.get(target, prop, receiver) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** Values completion looks up in the repository: checkpoint names, branches, remotes. */
import type { Context } from '../../io/context.js';
import type { ValueKind } from '../../cli/options.js';
import { loadListing } from '../../checkpoint/listing/listing.js';

/** Every value of `kind` here; empty for kinds the repository does not hold. */
export async function valuesOfKind(ctx: Context, kind: ValueKind): Promise<string[]> {
  const repo = await ctx.repo();
  if (kind === 'branch') return (await repo.listRefs('refs/heads/')).map((r) => r.name.slice('refs/heads/'.length));
  if (kind === 'remote') {
    const names = (await repo.listRefs('refs/remotes/')).map((r) => r.name.split('/')[2]!);
    const configured = await repo.getConfig('checkpoint.remote');
    return [...new Set([...(configured ? [configured] : []), ...names])];
  }
  if (kind !== 'checkpoint') return [];
  // Names come from the commit messages (the whole last listing while no chain moved): completing reads no record.
  const listing = await loadListing(repo, { now: ctx.deps.now().getTime(), lazy: true, all: true });
  const labels = listing.checkpoints.flatMap((c) => (c.label ? [c.label] : []));
  return [...new Set(['latest', ...labels, ...listing.checkpoints.map((c) => c.id)])];
}

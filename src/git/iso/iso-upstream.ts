/** A branch's upstream as git finds it, from `branch.<name>.*` and the remote's fetch refspecs. */
import { getConfig, getConfigAll } from './iso-config.js';
import type { IsoContext } from './iso-context.js';

/**
 * Like git: the merge ref mapped through the remote's fetch refspecs; none when no refspec maps it.
 * `name` is git's short form (`origin/main`), `ref` the full ref to resolve.
 */
export async function upstreamOf(ctx: IsoContext, branch: string): Promise<{ name: string; ref: string } | null> {
  const remote = await getConfig(ctx, `branch.${branch}.remote`);
  const merge = await getConfig(ctx, `branch.${branch}.merge`);
  if (!remote || !merge) return null;
  if (remote === '.') return { name: shortRefName(merge), ref: merge };
  for (const refspec of await getConfigAll(ctx, `remote.${remote}.fetch`)) {
    const ref = mapRefspec(refspec, merge);
    if (ref) return { name: shortRefName(ref), ref };
  }
  return null;
}

/** Where a fetch refspec (`+refs/heads/*:refs/remotes/origin/*`) puts `ref`; null when it does not match. */
function mapRefspec(refspec: string, ref: string): string | null {
  if (refspec.startsWith('^')) return null;
  const [src = '', dst = ''] = refspec.replace(/^\+/, '').split(':');
  if (!dst) return null;
  if (!src.includes('*')) return src === ref ? dst : null;
  const [pre = '', post = ''] = src.split('*');
  if (!ref.startsWith(pre) || !ref.endsWith(post) || ref.length < pre.length + post.length) return null;
  return dst.replace('*', ref.slice(pre.length, ref.length - post.length));
}

/** Git's short form: refs/heads/x → x, refs/remotes/origin/x → origin/x. */
function shortRefName(ref: string): string {
  return ref.replace(/^refs\/(heads|remotes|tags)\//, '').replace(/^refs\//, '');
}

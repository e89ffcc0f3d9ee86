/** `--file` paths as git reads pathspecs: relative to the current directory, stored relative to the working tree. */
import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { Context } from '../../io/context.js';
import type { CheckpointContent } from '../../checkpoint/record/schema.js';

type HotFile = CheckpointContent['files'][number];

/**
 * Each `--file` path resolved against the current directory (`-C` counts)
 * and made relative to the working tree's root; a path outside the working
 * tree is kept as given. Warns (and still records) a path where nothing exists.
 */
export async function filesFromCwd(ctx: Context, workTree: string, files: readonly HotFile[]): Promise<HotFile[]> {
  const out: HotFile[] = [];
  for (const file of files) {
    const absolute = resolve(ctx.globals.dir, file.path);
    const inTree = relative(workTree, absolute);
    const outside = inTree === '..' || inTree.startsWith(`..${sep}`) || isAbsolute(inTree);
    if (outside) ctx.warn(`--file '${file.path}' is outside the working tree; recorded as given`);
    else if (!(await ctx.deps.pathExists(absolute))) ctx.warn(`--file '${file.path}': no such path in the working tree; recorded anyway`);
    out.push({ ...file, path: outside ? file.path : inTree.split(sep).join('/') || '.' });
  }
  return out;
}

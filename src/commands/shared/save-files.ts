/** `--file` paths as git reads pathspecs: relative to the current directory, stored relative to the working tree. */
import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { Context } from '../../io/context.js';
import type { CheckpointContent } from '../../checkpoint/record/schema.js';
import type { Repo } from '../../git/repo.js';
import { UsageError } from '../../errors.js';

type HotFile = CheckpointContent['files'][number];

/**
 * Each `--file` path resolved against the current directory (`-C` counts)
 * and made relative to the working tree's root; a path outside the working
 * tree is kept as given (with a warning). UsageError (exit 129, before
 * anything is written) for a path that names nothing: neither in the working
 * tree nor a file of HEAD (a tracked file deleted in the working tree is a
 * path worth naming), as `git add` refuses a pathspec that matches nothing.
 */
export async function filesFromCwd(ctx: Context, repo: Repo, files: readonly HotFile[]): Promise<HotFile[]> {
  const workTree = repo.info.workTree!;
  const out: HotFile[] = [];
  for (const file of files) {
    const absolute = resolve(ctx.globals.dir, file.path);
    const inTree = relative(workTree, absolute);
    const outside = inTree === '..' || inTree.startsWith(`..${sep}`) || isAbsolute(inTree);
    const path = outside ? file.path : inTree.split(sep).join('/') || '.';
    if (!(await ctx.deps.pathExists(absolute)) && (outside || !(await isAtHead(repo, path)))) {
      throw new UsageError(`--file '${file.path}': no such file or directory`, {
        hint: 'a --file path is relative to the current directory; nothing was saved',
      });
    }
    if (outside) ctx.warn(`--file '${file.path}' is outside the working tree; recorded as given`);
    out.push({ ...file, path });
  }
  return out;
}

/** True when HEAD's tree has a file at `path` (asked only for a path missing from the working tree). */
async function isAtHead(repo: Repo, path: string): Promise<boolean> {
  const head = await repo.readRef('HEAD').catch(() => null);
  return head !== null && (await repo.readBlobAt(head, path).catch(() => null)) !== null;
}

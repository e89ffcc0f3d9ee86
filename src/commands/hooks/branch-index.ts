/**
 * `hook branch-index`: builds the post-checkout reminder's branch index
 * (src/checkpoint/listing/branch-checkpoint.ts) with no limit on the commits read. The
 * reminder starts it in the background when more new checkpoints waited than
 * it reads inside a `git switch`; the next switch is then warm.
 */
import type { CommandResult, Context } from '../../io/context.js';
import { buildIndex } from '../../checkpoint/listing/branch-checkpoint.js';

export async function run(ctx: Context): Promise<CommandResult> {
  await buildIndex(await ctx.repo());
  return { outcome: 'ok' };
}

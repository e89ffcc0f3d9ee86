/** What list, fetch and doctor say of a writer id shared with another copy of the repository (writer-copies.ts). */
import type { Context } from '../../io/context.js';
import { COLLISION_HINT, describeCollision, type WriterCollision } from '../../checkpoint/listing/writer-copies.js';
import { visible } from '../../text/sanitize.js';

/** One warning per colliding copy (both lines are listed), then the one command that mends it. */
export function warnCollisions(ctx: Context, collisions: readonly WriterCollision[]): void {
  for (const c of collisions) ctx.warn(visible(describeCollision(c)));
  if (collisions.length) ctx.hint(COLLISION_HINT);
}

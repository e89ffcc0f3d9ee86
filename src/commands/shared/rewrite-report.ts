/** What prune and drop share: the identity of rebuilt notes commits, and the report of a rewrite. */
import type { CommandResult, Context } from '../../io/context.js';
import { readIdentity } from '../../checkpoint/store/identity.js';
import { chainRef } from '../../checkpoint/store/refs.js';
import type { RewriteResult } from '../../checkpoint/planners/rewrite-chain.js';
import { oneLine, visible } from '../../text/sanitize.js';
import type { JsonOutputOf } from '../../schemas/json-outputs.js';

/** The identity for rebuilt notes commits. */
export async function notesAuthor(ctx: Context) {
  const id = await readIdentity(await ctx.repo(), ctx.deps.env);
  return { name: id.name, email: id.email, timestamp: Math.floor(ctx.deps.now().getTime() / 1000), tzOffsetMinutes: 0 };
}

/**
 * Shared by prune and drop: the report, and exit 2 when the notes rebuild
 * failed. Like `git stash drop`, each dropped checkpoint is printed with its
 * commit, and the chain's previous tip with the command that restores it.
 */
export function finish(ctx: Context, result: RewriteResult, dryRun: boolean, command: string, writer: string): CommandResult {
  const written = !dryRun && result.dropped.length > 0;
  const finished = finishedLine(result, dryRun);
  const notesRebuilt = !dryRun && finished !== null;
  const json: JsonOutputOf<'prune'> = {
    dryRun, dropped: result.dropped.map((d) => ({ id: d.id, commit: d.commit })), kept: result.kept,
    oldTip: written ? result.oldTip : null, notes: written ? (result.notesOk ? 'ok' : 'failed') : notesRebuilt ? 'ok' : 'unchanged',
  };
  const verb = dryRun ? 'would drop' : 'dropped';
  const lines = finished ? [finished] : [];
  lines.push(...result.dropped.map((d) => `${verb} ${visible(d.id)} (was ${d.commit})  ${oneLine(d.title, 72)}`));
  lines.push(result.dropped.length
    ? `${verb} ${result.dropped.length} checkpoint${result.dropped.length === 1 ? '' : 's'}, kept ${result.kept}`
    : `nothing to ${command}: kept all ${result.kept}`);
  if (written && result.oldTip) {
    ctx.hint(`undo with: git update-ref ${chainRef(writer)} ${result.oldTip} (the chain before; git reflog ${chainRef(writer)} lists earlier ones), then git checkpoint doctor --fix (the notes follow the chain)`);
  }
  if (written) ctx.hint('share the rewritten chain with: git checkpoint push');
  if (result.notesOk) return { outcome: 'ok', json, report: `${lines.join('\n')}\n` };
  const problem = { message: 'the chain was rewritten, but the notes could not be rebuilt', hint: 'repair them with: git checkpoint doctor --fix' };
  return { outcome: 'partial', problems: [problem], json, report: `${lines.join('\n')}\n` };
}

/** What finishing an interrupted rewrite did (or, with `dryRun`, would do) to the notes; null when nothing. */
function finishedLine(result: RewriteResult, dryRun: boolean): string | null {
  const notes = result.finished?.notes;
  if (!notes || notes.missing + notes.stale === 0) return null;
  const counts = `${notes.stale} stale line${notes.stale === 1 ? '' : 's'}, ${notes.missing} missing`;
  return dryRun
    ? `an interrupted prune or drop left the notes unfinished (${counts}): the next prune or drop rebuilds them`
    : `finished an interrupted prune or drop: notes rebuilt (${counts})`;
}

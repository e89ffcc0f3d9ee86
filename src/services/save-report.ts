/** How every command that saves reports it: the id on stdout, git-style lines on stderr, `save --json`'s shape. */
import type { CommandResult, Context } from '../io/context.js';
import { saveCheckpoint, type SaveOutcome, type SaveRequest } from '../checkpoint/planners/save.js';
import { oneLine } from '../text/sanitize.js';
import type { JsonOutputOf } from '../schemas/json-outputs.js';

/** Runs the save service in the command's repository and turns the outcome into a result (exit 2 when the note failed). */
export async function saveAndReport(ctx: Context, req: SaveRequest): Promise<CommandResult & { saved: SaveOutcome }> {
  const repo = await ctx.worktreeRepo();
  const saved = await saveCheckpoint(repo, ctx.deps, req);
  return { ...reportSave(ctx, saved), saved };
}

export function reportSave(ctx: Context, o: SaveOutcome): CommandResult {
  for (const w of o.warnings) ctx.warn(w);
  // What was left out, redacted or carried: a summary, which --quiet leaves out like git -q.
  for (const n of o.notices) ctx.note(oneLine(n, 2000));
  for (const h of o.hints) ctx.hint(h);
  const { record } = o;
  const json: JsonOutputOf<'save'> = {
    id: record.id, ref: o.ref, commit: o.commit, writer: record.writer, branch: record.git.branch,
    redactions: record.redactions, notes: o.notesOk ? 'ok' : 'failed',
  };
  const report = `${record.id}\n`;
  if (o.notesOk) return { outcome: 'ok', json, report };
  const problem = { message: `checkpoint ${record.id} saved, but the notes link failed: ${oneLine(o.notesError ?? '', 500)}`, hint: 'repair it with: git checkpoint doctor --fix' };
  return { outcome: 'partial', problems: [problem], json, report };
}

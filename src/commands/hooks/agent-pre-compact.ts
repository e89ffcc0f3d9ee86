/**
 * `git checkpoint hook agent-pre-compact`: runs right before an agent compacts
 * its context. Reads the hook JSON from stdin, checks that the transcript is
 * this repository's and this session's, streams it into a harvest, and saves
 * a checkpoint (`compactImminent: true`, mode routine) through the one save
 * path — so redaction applies. A mismatch saves nothing and says why (exit 1,
 * which agents treat as a non-blocking error: compaction goes on).
 */
import { basename, resolve } from 'node:path';
import type { CommandResult, Context } from '../../cli/context.js';
import { EXIT } from '../../cli/exit-codes.js';
import { harvestTranscript, isInside, type HarvestResult } from '../../agent/harvest-file.js';
import { HOOK_INPUT_MAX, parseHookInput, type HookInput } from '../../agent/hook-input.js';
import { UsageError } from '../../errors.js';
import { saveAndReport } from '../shared/save-report.js';

export async function run(ctx: Context, args: string[]): Promise<CommandResult> {
  if (args.length) throw new UsageError(`agent-pre-compact takes no arguments (the hook input comes on stdin)`);
  if (ctx.deps.streams.isStdinTTY) throw new UsageError('agent-pre-compact reads the hook JSON on stdin; it is meant to be run by the agent');
  const input = parseHookInput(await ctx.deps.streams.readStdin(HOOK_INPUT_MAX));
  if (!input.transcript_path || !input.session_id) throw new UsageError('hook input needs session_id and transcript_path');
  const repo = await ctx.worktreeRepo();
  const workTree = repo.info.workTree!;
  const cwd = input.cwd ?? ctx.globals.dir;
  if (!isInside(cwd, workTree)) return refuse(ctx, `the session runs in ${cwd}, outside this repository (${workTree})`);
  const transcript = resolve(cwd, input.transcript_path);
  let harvest: HarvestResult;
  try {
    harvest = await harvestTranscript(ctx.deps, transcript, { sessionId: input.session_id, workTree });
  } catch (err) {
    return refuse(ctx, `cannot read the transcript ${transcript}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  const mismatch = checkOwnership(input, transcript, harvest, workTree);
  if (mismatch) return refuse(ctx, mismatch);
  const trigger = input.trigger ?? 'unknown';
  const notes = `Saved automatically before a ${trigger} context compaction (agent session ${input.session_id}).`;
  return saveAndReport(ctx, {
    layers: [harvest.content, { compactImminent: true, mode: 'routine', notes }],
    lineage: { kind: 'default' },
  });
}

/** Why the transcript is not this session's in this repository, or null when it is. */
export function checkOwnership(input: HookInput, transcript: string, h: HarvestResult, workTree: string): string | null {
  const { facts } = h;
  const named = basename(transcript).replace(/\.jsonl$/, '') === input.session_id;
  if (!facts.sessionSeen && (facts.otherSession !== null || !named)) {
    return `the transcript belongs to session ${facts.otherSession ?? '(none recorded)'}, not ${input.session_id}`;
  }
  if (facts.lastCwd !== null && !isInside(facts.lastCwd, workTree)) {
    return `the transcript was recorded in ${facts.lastCwd}, outside this repository (${workTree})`;
  }
  return null;
}

function refuse(ctx: Context, why: string): CommandResult {
  ctx.deps.streams.err(`error: not saving a checkpoint before compaction: ${why}\n`);
  return { exitCode: EXIT.failed };
}

/**
 * The MCP tools that add a checkpoint: save, decide, synthesize. Each goes
 * through the one save service (redaction, refusals before any write, the
 * chain's compare-and-swap); none touches the working tree or rewrites a chain.
 */
import type * as z from 'zod/mini';
import { decisionRequest } from '../checkpoint/planners/decide.js';
import { saveCheckpoint, type SaveDeps, type SaveOutcome, type SaveRequest } from '../checkpoint/planners/save.js';
import type { CheckpointContent } from '../checkpoint/record/schema.js';
import { planSynthesisRequest } from '../services/synthesis-request.js';
import type { RepoScope } from './repo-scope.js';
import type { decideInput, SaveInput, synthesizeInput } from './schemas.js';
import { dataResult, type ToolResult } from './tool-result.js';

export function saveTool(scope: RepoScope, deps: SaveDeps, args: SaveInput): Promise<ToolResult> {
  return scope.withWorktree(args.cwd, async (repo) => {
    const req: SaveRequest = { layers: [contentFromArgs(args)], wip: args.wip, lineage: { kind: 'default' } };
    return dataResult(outcomeJson(await saveCheckpoint(repo, deps, req)));
  });
}

export function decideTool(scope: RepoScope, deps: SaveDeps, args: z.infer<typeof decideInput>): Promise<ToolResult> {
  return scope.withWorktree(args.cwd, async (repo) => {
    const req = await decisionRequest(repo, { what: args.what, why: args.why });
    return dataResult(outcomeJson(await saveCheckpoint(repo, deps, req)));
  });
}

export function synthesizeTool(scope: RepoScope, deps: SaveDeps, args: z.infer<typeof synthesizeInput>): Promise<ToolResult> {
  return scope.withWorktree(args.cwd, async (repo) => {
    const planned = await planSynthesisRequest(repo, args.checkpoints, { exclude: args.exclude ?? [], label: args.label ?? null });
    const outcome = await saveCheckpoint(repo, deps, planned.request);
    return dataResult({ ...outcomeJson(outcome), synthesized: { inputs: planned.inputs, ...planned.stats } });
  });
}

/** The tool's arguments as a content layer: only what was given, named as in the record. */
export function contentFromArgs(a: SaveInput): Partial<CheckpointContent> {
  const layer: Partial<CheckpointContent> = {};
  if (a.task !== undefined || a.status !== undefined) layer.task = { title: a.task ?? '', status: a.status ?? 'in_progress' };
  if (a.decisions) layer.decisions = a.decisions.map((d) => ({ what: d.what, why: d.why }));
  if (a.rejected) layer.rejected = a.rejected.map((d) => ({ what: d.what, why: d.why }));
  if (a.next) layer.nextSteps = a.next;
  if (a.blockers) layer.blockers = a.blockers;
  if (a.questions) layer.questions = a.questions;
  if (a.learnings) layer.learnings = a.learnings;
  if (a.constraints) layer.constraints = a.constraints;
  if (a.notes) layer.notes = a.notes.length ? a.notes.join('\n\n') : null;
  if (a.files) layer.files = a.files.map((f) => (f.why === undefined ? { path: f.path } : { path: f.path, why: f.why }));
  if (a.quotes) layer.quotes = a.quotes.map((q) => ({ text: q.text, by: q.by, verbatim: q.verbatim }));
  if (a.label !== undefined) layer.label = a.label;
  return layer;
}

/** What a save reports to the agent: `save --json`'s fields plus the warnings the CLI prints on stderr. */
function outcomeJson(o: SaveOutcome): Record<string, unknown> {
  const { record } = o;
  const warnings = [...o.warnings];
  if (!o.notesOk) warnings.push(`checkpoint ${record.id} saved, but the notes link failed: ${o.notesError ?? ''} (repair it with: git checkpoint doctor --fix)`);
  return {
    id: record.id, ref: o.ref, commit: o.commit, writer: record.writer, branch: record.git.branch,
    redactions: record.redactions, notes: o.notesOk ? 'ok' : 'failed',
    warnings, notices: o.notices, hints: o.hints,
  };
}

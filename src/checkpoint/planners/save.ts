/**
 * The one save service (SPEC §5, §6): gather facts → plan → apply. Every
 * caller — `save`, `switch`, `synthesize`, the post-checkout prompt, the
 * agent hooks — comes through here with a request; none builds another
 * command's arguments. Nothing is written until the plan is complete, so a
 * refused save (exit 1 or 129) leaves the repository exactly as it was.
 */
import type { Repo } from '../../git/repo.js';
import { hasContent, mergeContent } from '../record/input.js';
import { applySave, type SaveOutcome } from './save-apply.js';
import { gatherSaveFacts, type SaveFacts, type SaveFactsRequest } from './save-facts.js';
import { planSave } from './save-plan.js';
import type { CheckpointContent, GitState } from '../record/schema.js';

export type { SaveOutcome } from './save-apply.js';
export type { LineageRequest } from './save-facts.js';

export interface SaveRequest extends SaveFactsRequest {
  /** Content layers; later ones win (harvest, then documents, then flags). */
  layers: Partial<CheckpointContent>[];
  /** Carry the predecessor's open items forward (default true). */
  carry?: boolean;
  /** Predecessor items this save closes (`--done <n|text>`). */
  done?: string[];
  /**
   * The editor: `always` (`-e`), or `when-empty` (a bare `save` on a terminal).
   * It receives the merged content and the git state, and returns the content to save.
   */
  editor?: { mode: 'always' | 'when-empty'; run(content: CheckpointContent, git: GitState): Promise<CheckpointContent> };
  /**
   * The facts, already being read (prepareSave) while the caller still
   * collected the content — an agent hook reads the git state while it streams
   * a transcript. Read-only until planned, so a save not made costs nothing.
   */
  facts?: Promise<SaveFacts>;
}

export interface SaveDeps {
  env: Record<string, string | undefined>;
  now(): Date;
  random(): number;
}

/** Starts reading the facts of a save with `req` (its lineage and branch) before its content is known. */
export function prepareSave(repo: Repo, deps: SaveDeps, req: SaveFactsRequest): Promise<SaveFacts> {
  const facts = gatherSaveFacts(repo, deps.env, req);
  // Awaited by saveCheckpoint, or dropped when the caller saves nothing after all.
  facts.catch(() => {});
  return facts;
}

/** Saves one checkpoint. Throws a CheckpointError (nothing written) when the save is refused or fails before the chain moves. */
export async function saveCheckpoint(repo: Repo, deps: SaveDeps, req: SaveRequest): Promise<SaveOutcome> {
  const facts = await (req.facts ?? gatherSaveFacts(repo, deps.env, req));
  const given = req.layers.some(hasContent);
  let content = mergeContent(...req.layers);
  if (req.editor && (req.editor.mode === 'always' || !given)) content = await req.editor.run(content, facts.gathered.git);
  const now = deps.now();
  const plan = planSave(facts, { content, given: given || Boolean(req.editor), carry: req.carry ?? true, done: req.done ?? [] }, { now, random: deps.random });
  return applySave(repo, plan, { now });
}

/**
 * The pre-compact save: harvest the transcript (when the agent keeps one we
 * read), check it is this session's, and save through the one save path.
 * A compaction may fire the hook several times: a second save of the same
 * session within DEDUPE_WINDOW_MS is skipped when the record it would write is
 * the same one (harvest and git state alike: a file edited or added since is a
 * reason to save) and nothing was saved on its line since.
 *
 * No save where no compaction follows: a conversation with nothing said since
 * its last compaction (Claude Code refuses to compact it), and a pre-check the
 * agent fires before deciding (Gemini CLI's PreCompress, every model turn).
 * A transcript that cannot be read is said, on stderr and in the record.
 */
import { resolve } from 'node:path';
import type { Context } from '../io/context.js';
import type { CheckpointContent } from '../checkpoint/record/schema.js';
import type { Repo } from '../git/repo.js';
import { prepareSave } from '../checkpoint/planners/save.js';
import type { SaveFacts } from '../checkpoint/planners/save-facts.js';
import { saveAndReport } from '../services/save-report.js';
import { Harvester } from '../harvest/harvest.js';
import { MAX_LINE_BYTES, repoPathMapper, type HarvestResult } from '../harvest/harvest-file.js';
import { checkOwnership } from './ownership.js';
import { clearFailure, fingerprint, readSession, writeSession } from './session-record.js';
import type { AgentAdapter, AgentInput } from './adapters/types.js';
import { HookProblem } from './hook-run.js';

export const DEDUPE_WINDOW_MS = 120_000;

export interface PreCompactOutcome {
  id: string | null;
  problem: string | null;
}

export async function saveBeforeCompaction(ctx: Context, adapter: AgentAdapter, input: AgentInput, repo: Repo): Promise<PreCompactOutcome> {
  const workTree = repo.info.workTree!;
  const lineage = { kind: 'default' } as const;
  // The git state is read (by git, on another core) while the transcript streams.
  const facts = prepareSave(repo, ctx.deps, { lineage });
  const harvest = await harvestInput(ctx, adapter, input, workTree);
  const skip = await whyNoCompaction(ctx, adapter, input, harvest, workTree);
  const prev = input.sessionId ? await readSession(repo, input.sessionId) : null;
  // A compaction begins: what was injected before it goes into the summary, so the next session start injects again.
  if (!skip && prev?.lastInjection && input.sessionId) await writeSession(repo, input.sessionId, { ...prev, lastInjection: undefined });
  if (skip) {
    facts.catch(() => {});
    ctx.deps.streams.err(`git checkpoint: no checkpoint saved: ${skip}\n`);
    return { id: null, problem: null };
  }
  const content: Partial<CheckpointContent> = harvest?.content ?? {};
  const now = ctx.deps.now();
  const print = fingerprintSave(content, await facts);
  if (prev && prev.fingerprint === print && now.getTime() - Date.parse(prev.savedAt) < DEDUPE_WINDOW_MS
    && (await facts).lineage[0]?.id === prev.checkpoint) {
    ctx.deps.streams.err(`git checkpoint: nothing changed since ${prev.checkpoint}, saved for this session moments ago\n`);
    return { id: prev.checkpoint, problem: null };
  }
  const result = await saveAndReport(ctx, {
    layers: [content, { compactImminent: true, mode: 'routine', notes: describe(adapter, input, harvest) }],
    lineage,
    facts,
  });
  const id = result.saved.record.id;
  if (input.sessionId) await writeSession(repo, input.sessionId, { checkpoint: id, savedAt: now.toISOString(), fingerprint: print, pendingInject: true });
  if (result.outcome !== 'ok') return { id, problem: `checkpoint ${id} saved before this compaction, but its notes link failed (run git checkpoint doctor --fix)` };
  await clearFailure(repo);
  return { id, problem: null };
}

/**
 * What makes one save's record differ from another's, the id, time and lineage
 * aside: the harvested content and the git facts it records (branch, head,
 * upstream, commits, every dirty path with its blob id, what was left out). The
 * facts are read for the save anyway, so comparing costs one hash.
 */
function fingerprintSave(content: Partial<CheckpointContent>, facts: SaveFacts): string {
  return fingerprint(JSON.stringify({ content, git: facts.gathered.git, excluded: facts.wip.excluded }));
}

async function harvestInput(ctx: Context, adapter: AgentAdapter, input: AgentInput, workTree: string): Promise<HarvestResult | null> {
  if (!input.transcriptPath || !adapter.readTranscript) return null;
  const transcript = resolve(input.cwd ?? workTree, input.transcriptPath);
  const harvester = new Harvester(input.sessionId, repoPathMapper(workTree));
  try {
    await adapter.readTranscript(ctx.deps.readLines(transcript, MAX_LINE_BYTES), harvester);
  } catch (err) {
    throw new HookProblem(`cannot read the transcript ${transcript}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  const result = { content: harvester.content(), facts: harvester.facts };
  const mismatch = checkOwnership(input, transcript, result);
  if (mismatch) throw new HookProblem(mismatch);
  if (result.facts.longLines) ctx.warn(`${transcript}: skipped ${result.facts.longLines} line(s) over ${MAX_LINE_BYTES / 1048576} MiB`);
  if (result.facts.unreadable) ctx.warn(`cannot read the transcript ${transcript} (${result.facts.unreadable}): only the git state is saved`);
  return result;
}

/** Why no compaction follows this event (nothing to save for it), or null. */
async function whyNoCompaction(ctx: Context, adapter: AgentAdapter, input: AgentInput, harvest: HarvestResult | null, workTree: string): Promise<string | null> {
  if (harvest?.facts.saidSinceCompaction === 0) return 'nothing was said since the last compaction, so there is nothing to compact';
  if (!adapter.compactionSkip) return null;
  const readJson = async (path: string): Promise<unknown> => {
    try {
      return JSON.parse(Buffer.from(await ctx.deps.readFile(path, 1 << 20)).toString('utf8'));
    } catch {
      return null;
    }
  };
  return adapter.compactionSkip(input, harvest?.facts ?? null, { workTree, home: ctx.deps.env.HOME }, readJson);
}

function describe(adapter: AgentAdapter, input: AgentInput, harvest: HarvestResult | null): string {
  const session = input.sessionId ? ` (${adapter.title} session ${input.sessionId})` : ` (${adapter.title})`;
  const what = `Saved automatically before ${kindOf(input.trigger)} compaction${session}.`;
  if (!harvest) return `${what} No transcript was read.`;
  if (harvest.facts.unreadable) return `${what} The transcript could not be read (${harvest.facts.unreadable}): only the git state was saved.`;
  const long = harvest.facts.longLines;
  return long ? `${what} ${long} transcript line(s) over ${MAX_LINE_BYTES / 1048576} MiB were skipped.` : what;
}

/** `an automatic`, `a manual`, `a` + the agent's own word, or `a context`. */
function kindOf(trigger: string | null): string {
  if (trigger === 'auto') return 'an automatic';
  const word = trigger ?? 'context';
  return `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;
}

/** Streams a transcript file through a Harvester (`save --transcript`, the pre-compact hook). */
import { isAbsolute, relative, resolve } from 'node:path';
import type { Context } from '../io/context.js';
import type { CheckpointContent } from '../checkpoint/record/schema.js';
import { UsageError } from '../errors.js';
import type { Deps } from '../io/deps.js';
import { Harvester, type HarvestFacts } from './harvest.js';

export interface HarvestResult {
  content: Partial<CheckpointContent>;
  facts: HarvestFacts;
}

/** Maps a path the agent used to a repo-relative one; null outside the working tree. */
export function repoPathMapper(workTree: string): (path: string) => string | null {
  // A long session names the same few hundred files tens of thousands of times.
  const seen = new Map<string, string | null>();
  return (path) => {
    let rel = seen.get(path);
    if (rel !== undefined) return rel;
    rel = relative(workTree, isAbsolute(path) ? path : resolve(workTree, path));
    rel = !rel || rel.startsWith('..') || isAbsolute(rel) || rel.split(/[\\/]/)[0] === '.git' ? null : rel.split('\\').join('/');
    if (seen.size < 100_000) seen.set(path, rel);
    return rel;
  };
}

/** Transcript lines over this are skipped unread (a pasted image, a huge tool result): memory stays bounded. */
export const MAX_LINE_BYTES = 4 * 1024 * 1024;

/** Reads the whole transcript line by line; the file is never held in memory. */
export async function harvestTranscript(
  deps: Deps, path: string, opts: { sessionId: string | null; workTree: string },
): Promise<HarvestResult> {
  const harvester = new Harvester(opts.sessionId, repoPathMapper(opts.workTree));
  for await (const line of deps.readLines(path, MAX_LINE_BYTES)) harvester.feed(line);
  return { content: harvester.content(), facts: harvester.facts };
}

/** `save --transcript <file>`: the harvest on demand; an unreadable file is a usage error. */
export async function harvestFromFile(ctx: Context, file: string): Promise<Partial<CheckpointContent>> {
  const repo = await ctx.worktreeRepo();
  const path = resolve(ctx.globals.dir, file);
  try {
    const { content, facts } = await harvestTranscript(ctx.deps, path, { sessionId: null, workTree: repo.info.workTree! });
    if (facts.lines > 0 && facts.badLines === facts.lines) throw new UsageError(`${file}: not a JSONL transcript (no line is JSON)`);
    if (facts.badLines) ctx.warn(`${file}: skipped ${facts.badLines} malformed line(s)`);
    if (facts.longLines) ctx.warn(`${file}: skipped ${facts.longLines} line(s) over ${MAX_LINE_BYTES / 1048576} MiB`);
    return content;
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw new UsageError(`cannot read transcript '${file}': ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
}

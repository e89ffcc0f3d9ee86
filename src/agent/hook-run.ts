/**
 * What every agent hook does before its own work: read the hook JSON from
 * stdin within a deadline, and find the repository the same way for every
 * agent and event — the input's `cwd`, then the agent's project-directory
 * variable, then the process's cwd, the first that is inside a work tree.
 */
import type { Context } from '../io/context.js';
import type { Repo } from '../git/repo.js';
import { StdinTimeout } from '../io/deps.js';
import type { AgentAdapter, AgentInput } from './adapters/types.js';

/** A hook's JSON input is a few hundred bytes: anything over 1 MiB is not one. */
export const HOOK_INPUT_MAX = 1024 * 1024;

/** An agent writes its hook JSON at once; a stdin still open after this is a stuck writer. */
export const STDIN_DEADLINE_MS = 2000;

/** A hook problem to show the person: nothing saved or injected, and why. `quiet`: not a failure, only a note on stderr. */
export class HookProblem extends Error {
  constructor(message: string, readonly quiet = false) {
    super(message);
  }
}

const NO_INPUT: AgentInput = { sessionId: null, transcriptPath: null, cwd: null, trigger: null, source: null, event: null };

/** The hook input; a stdin that does not close in time still counts when what arrived is whole JSON. */
export async function readAgentInput(ctx: Context, adapter: AgentAdapter): Promise<AgentInput> {
  if (ctx.deps.streams.isStdinTTY) return NO_INPUT;
  let bytes: Uint8Array;
  try {
    bytes = await ctx.deps.streams.readStdin(HOOK_INPUT_MAX, STDIN_DEADLINE_MS);
  } catch (err) {
    if (!(err instanceof StdinTimeout)) throw new HookProblem(`cannot read the hook input: ${(err as Error).message}`);
    bytes = err.received;
    if (!parseObject(bytes)) throw new HookProblem(`the hook input did not arrive: ${err.message}`);
  }
  const text = Buffer.from(bytes).toString('utf8').trim();
  if (!text) return NO_INPUT;
  const data = parseObject(bytes);
  if (!data) throw new HookProblem('the hook input is not a JSON object');
  return adapter.parseInput(data);
}

function parseObject(bytes: Uint8Array): Record<string, unknown> | null {
  try {
    const data: unknown = JSON.parse(Buffer.from(bytes).toString('utf8'));
    return typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The directories to try, in order, without repeats. */
export function repoCandidates(input: AgentInput, adapter: AgentAdapter, env: Record<string, string | undefined>, cwd: string): string[] {
  const dirs = [input.cwd, ...adapter.projectDirVars.map((v) => env[v]), cwd];
  return [...new Set(dirs.filter((d): d is string => typeof d === 'string' && d !== ''))];
}

/** Opens the first candidate inside a work tree and makes it the command's repository. */
export async function locateRepo(ctx: Context, adapter: AgentAdapter, input: AgentInput): Promise<Repo> {
  const tried: string[] = [];
  for (const dir of repoCandidates(input, adapter, ctx.deps.env, ctx.globals.dir)) {
    const repo = await ctx.deps.openRepo(dir).catch(() => null);
    if (repo?.info.workTree) {
      ctx.adoptRepo(dir, repo);
      return repo;
    }
    await repo?.close();
    tried.push(dir);
  }
  // A user-wide hook also runs in sessions outside any repository: nothing to save there, and nothing failed.
  throw new HookProblem(`no git work tree at ${tried.join(', ') || 'any known directory'}`, true);
}

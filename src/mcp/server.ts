/**
 * `git checkpoint mcp`: a Model Context Protocol server over stdio (SPEC §5).
 * Tools read and add checkpoints through the same domain services as the CLI;
 * nothing that changes the working tree or rewrites a chain is offered.
 * Logs go to stderr only; the server ends when stdin closes.
 */
import type { Deps, McpSdk } from '../io/deps.js';
import { CALL_SECONDS, withinBound } from './call-bound.js';
import { SERVER_INFO, SERVER_INSTRUCTIONS } from './early-initialize.js';
import { registerResources } from './resources.js';
import { RepoScope } from './repo-scope.js';
import { diffTool, listTool, logTool, recapTool, showTool, statusTool } from './read-tools.js';
import * as schemas from './schemas.js';
import type { McpServer } from './sdk-types.js';
import type { LineTransport } from './stdio-transport.js';
import { errorResult, type ToolResult } from './tool-result.js';
import { decideTool, saveTool, synthesizeTool } from './write-tools.js';

const READ = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
// Adds a checkpoint; never removes or rewrites anything.
const WRITE = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };

/** How long closing the repository may take once the server has answered everything (a git stalled in a call). */
const CLOSE_MS = 2000;

/**
 * Serves on `transport` (already reading: see start.ts) until its input ends
 * and every request read before that is answered; `seconds` bounds each call.
 */
export async function serveMcp(deps: Deps, sdk: McpSdk, transport: LineTransport, seconds: number): Promise<void> {
  const { server, scope } = createServer(deps, sdk, seconds);
  transport.accept((v) => sdk.JSONRPCMessageSchema.parse(v));
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = () => resolve();
  });
  server.server.onerror = (err) => deps.streams.err(`git checkpoint mcp: ${err.message.split('\n')[0]}\n`);
  await server.connect(transport);
  await closed;
  // A call that outlived its bound may still hold the repository: the entry point stops what it runs.
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([scope.close().catch(() => {}), new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_MS)))]);
  clearTimeout(timer);
}

/** The server with every tool, resource and prompt registered, and the repository scope its calls share; `seconds` bounds each call. */
export function createServer(deps: Deps, sdk: McpSdk, seconds = CALL_SECONDS): { server: McpServer; scope: RepoScope } {
  const server = new sdk.McpServer(
    { ...SERVER_INFO },
    {
      instructions: SERVER_INSTRUCTIONS,
      // The SDK validates elicitation answers with it, and this server never elicits: the bundled
      // SDK has no Ajv (bundles/mcp-ajv-stub.ts), so its default validator would throw here.
      jsonSchemaValidator: { getValidator: () => () => ({ valid: false, data: undefined, errorMessage: 'git-checkpoint does not elicit input' }) },
    },
  );
  const scope = new RepoScope(deps, rootsOf(server, sdk));
  const inTurn = oneAtATime();
  const tool = <S extends schemas.AnyInput>(name: string, description: string, input: S, annotations: typeof READ, run: (args: never) => Promise<ToolResult>) => {
    server.registerTool(name, { description, inputSchema: input, annotations }, (async (args: never) => {
      const bounded = () => withinBound(run(args), seconds, { name, writes: !annotations.readOnlyHint });
      try {
        // Writes take turns: an agent's saves land in the order it made them, and a decide sees the one before.
        // A write past its bound gives up its turn.
        return await (annotations.readOnlyHint ? bounded() : inTurn(bounded));
      } catch (err) {
        return errorResult(err);
      }
    }) as never);
  };
  tool('checkpoint_recap', 'The latest checkpoint of the current branch (or the one named) as SESSION_RECAP/1 text with how the repository differs from it now. Read it before resuming work.', schemas.recapInput, READ, (a) => recapTool(scope, a));
  tool('checkpoint_status', 'Compares a checkpoint (default: latest) with the repository: branch, HEAD and working-tree verdicts as data. Drift is reported, not an error.', schemas.statusInput, READ, (a) => statusTool(scope, a));
  tool('checkpoint_list', 'Lists checkpoints, newest first, with filters.', schemas.listInput, READ, (a) => listTool(scope, a, deps.now()));
  tool('checkpoint_show', 'One whole checkpoint, as markdown or as its JSON record.', schemas.showInput, READ, (a) => showTool(scope, a));
  tool('checkpoint_diff', 'Commits on HEAD since a checkpoint, and the working tree against its snapshot of uncommitted files.', schemas.diffInput, READ, (a) => diffTool(scope, a));
  tool('checkpoint_log', 'The lineage of a checkpoint: its predecessors across writers.', schemas.logInput, READ, (a) => logTool(scope, a));
  tool('checkpoint_save', 'Saves a new checkpoint of the session (secrets are redacted; open next steps, blockers and questions of the previous checkpoint carry forward). Returns its id.', schemas.saveInput, WRITE, (a) => saveTool(scope, deps, a));
  tool('checkpoint_decide', 'Records one decision now, durably: a new checkpoint with the rest of your latest checkpoint on this branch and the decision added.', schemas.decideInput, WRITE, (a) => decideTool(scope, deps, a));
  tool('checkpoint_synthesize', 'Merges several checkpoints into one new checkpoint (later decisions supersede earlier ones; contradictions are listed).', schemas.synthesizeInput, WRITE, (a) => synthesizeTool(scope, deps, a));
  registerResources(server, sdk, scope, seconds);
  return { server, scope };
}

/** Runs the functions given to it one after another, in the order given. */
function oneAtATime(): <T>(fn: () => Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return (fn) => {
    const next = last.then(fn, fn);
    last = next.catch(() => undefined);
    return next;
  };
}

/** The client's roots, asked once and again after it says they changed; none when it has no roots capability. */
function rootsOf(server: McpServer, sdk: McpSdk): () => Promise<string[]> {
  let cached: Promise<string[]> | null = null;
  server.server.setNotificationHandler(sdk.RootsListChangedNotificationSchema, async () => {
    cached = null;
  });
  return () => {
    if (!server.server.getClientCapabilities()?.roots) return Promise.resolve([]);
    cached ??= server.server.listRoots(undefined, { timeout: 5000 }).then((r) => r.roots.map((root) => root.uri), () => {
      cached = null;
      return [];
    });
    return cached;
  };
}

/** Resources `checkpoint://latest` and `checkpoint://{id}` (recap text), and the `resume` prompt. */
import { listPage } from '../checkpoint/listing/listing-page.js';
import type { Repo } from '../git/repo.js';
import { DEFAULT_RECAP_BUDGET, renderRecapWithin } from '../render/recap-budget.js';
import { renderReconcile } from '../render/reconcile.js';
import type { McpSdk } from '../io/deps.js';
import { withinBound } from './call-bound.js';
import { reconciled, recapText } from './read-tools.js';
import type { RepoScope } from './repo-scope.js';
import { resumeArgs } from './schemas.js';
import type { McpServer } from './sdk-types.js';
import { errorResult } from './tool-result.js';

const RECAP_MIME = 'text/plain';

/** Registers them; `seconds` bounds each read, as it bounds each tool call. */
export function registerResources(server: McpServer, sdk: McpSdk, scope: RepoScope, seconds: number): void {
  const bounded = <T>(name: string, work: Promise<T>) => withinBound(work, seconds, { name, writes: false });
  const read = async (uri: URL, spec: string) => {
    const text = await failAsText(() => bounded(uri.href, scope.withRepo(undefined, (repo) => recapText(repo, spec))));
    return { contents: [{ uri: uri.href, mimeType: RECAP_MIME, text }] };
  };
  server.registerResource('latest', 'checkpoint://latest', {
    description: 'The latest checkpoint of the current branch as SESSION_RECAP/1, with how the repository differs from it now.',
    mimeType: RECAP_MIME,
  }, (uri) => read(uri, 'latest'));
  const template = new sdk.ResourceTemplate('checkpoint://{id}', {
    list: async () => {
      // The newest 50 valid ones: only their records are read.
      const newest = (repo: Repo) => listPage(repo, { filters: {}, limit: 50, local: false, now: Infinity }).then((page) => page.shown);
      const recent = await bounded('resources/list', scope.withRepo(undefined, newest)).catch(() => []);
      return { resources: recent.map((c) => ({ uri: `checkpoint://${c.id}`, name: c.id, description: c.title, mimeType: RECAP_MIME })) };
    },
  });
  server.registerResource('checkpoint', template, {
    description: 'One checkpoint (an id, a label or latest) as SESSION_RECAP/1.',
    mimeType: RECAP_MIME,
  }, (uri, vars) => read(uri, decodeURIComponent(String(vars.id))));
  server.registerPrompt('resume', {
    description: 'Resume work from a checkpoint: its recap and where the repository no longer matches it.',
    argsSchema: resumeArgs,
  }, async (args) => {
    const text = await failAsText(() => bounded('the resume prompt', scope.withWorktree(args.cwd, async (repo) => {
      const r = await reconciled(repo, args.checkpoint ?? 'latest');
      const recap = renderRecapWithin(r.record, DEFAULT_RECAP_BUDGET, r.verdicts);
      return `Resume this session from checkpoint ${r.record.id}. Check the verdicts first; do not act on the checkpoint where the repository has drifted.\n\n${recap}\n${renderReconcile(r.reconcile, { color: false, maxPaths: 20, heading: true })}`;
    })));
    return { messages: [{ role: 'user', content: { type: 'text', text } }] };
  });
}

/** Errors of a resource or prompt become a JSON-RPC error with the CLI's message. */
async function failAsText(fn: () => Promise<string>): Promise<string> {
  try {
    return await fn();
  } catch (err) {
    throw new Error(errorResult(err).content[0]!.text);
  }
}

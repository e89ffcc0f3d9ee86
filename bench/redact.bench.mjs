// Redaction of a 1 MB record (budget: 50 ms), in process: the engine is
// bundled from src/ with esbuild, a record of realistic text with a made-up
// credential every few kilobytes is redacted field by field, against a floor
// that only looks at every byte once (one `\S+` scan of the same text).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { compare, removeDir, ROOT, tempDir } from './lib.mjs';
import { makeRecordTexts } from './redact-record.mjs';

const BUDGET_MS = 50;

export async function run() {
  const dir = tempDir();
  try {
    const outfile = join(dir, 'redact.mjs');
    await build({ entryPoints: [join(ROOT, 'src/checkpoint/secrets/redact.ts')], bundle: true, platform: 'node', format: 'esm', outfile, logLevel: 'warning' });
    const { redactRecordText } = await import(pathToFileURL(outfile).href);
    const texts = makeRecordTexts(1 << 20);
    const notes = texts.join('\n').slice(0, 512 * 1024);
    const content = {
      task: { title: 'bench', status: 'in_progress' }, decisions: [], rejected: [], blockers: [], questions: [], learnings: [],
      constraints: [], assumptions: [], todos: [], files: [], quotes: [], links: [],
      nextSteps: texts.slice(Math.ceil(texts.length / 2)), notes,
    };
    const git = { branch: 'main', head: null, upstream: null, ahead: 0, behind: 0, commits: [], worktree: { collected: true, total: 0, truncated: false, files: [] }, wip: null, notCollected: [] };
    const all = [notes, ...content.nextSteps].join('\n');
    const time = (fn) => {
      const t = process.hrtime.bigint();
      fn();
      return Number(process.hrtime.bigint() - t) / 1e6;
    };
    const row = compare({
      name: `redact a ${(all.length / (1 << 20)).toFixed(1)} MB record (budget ${BUDGET_MS} ms)`,
      tool: () => time(() => redactRecordText(content, git)),
      baseline: () => time(() => {
        const re = /\S+/g;
        while (re.exec(all));
      }),
      runs: 15,
    });
    return [{ ...row, budgetMs: BUDGET_MS, pass: row.toolMs <= BUDGET_MS }];
  } finally {
    removeDir(dir);
  }
}

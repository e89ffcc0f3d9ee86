/**
 * The secret rule table is loaded only on the save path (SPEC §11): the
 * read-only commands must not import it. Each command is bundled on its own
 * (as the CLI's lazy command table loads it) and its module graph inspected.
 */
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const TABLE = 'src/checkpoint/secrets/secret-formats.ts';

async function inputsOf(entry: string): Promise<string[]> {
  const result = await build({
    entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', write: false, metafile: true, logLevel: 'silent',
    external: ['isomorphic-git', 'micromatch', 'zod'],
  });
  return Object.keys(result.metafile.inputs);
}

describe('where the secret rule table is loaded', () => {
  it('save imports it; list, show, resume, status, log, diff and apply do not', async () => {
    expect(await inputsOf('src/commands/save.ts')).toContain(TABLE);
    for (const cmd of ['list', 'show', 'resume', 'status', 'log', 'diff', 'apply']) {
      expect(await inputsOf(`src/commands/${cmd}.ts`), cmd).not.toContain(TABLE);
    }
  }, 60_000);
});

/**
 * Start-up is most of a short command's cost (SPEC §11): the read-only paths
 * (`--version`, `list`, the post-checkout hook) never load the node modules
 * only writing needs.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSandbox, type Sandbox } from '../helpers/sandbox.js';

let sb: Sandbox;
beforeAll(() => {
  sb = makeSandbox();
});
afterAll(() => sb.cleanup());

const HEAVY = ['crypto', 'zlib', 'readline'];

describe('what a command loads', () => {
  it('list, --version and the post-checkout hook load no crypto, zlib or readline; save does', async () => {
    const preload = join(sb.root, 'loaded.cjs');
    writeFileSync(preload, `process.on('exit', () => process.stderr.write('loaded: ' + process.moduleLoadList.filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice(13)).join(' ') + '\\n'));\n`);
    const loaded = async (dir: string, args: string[]) => {
      const res = await sb.ckpt(dir, args, { env: { NODE_OPTIONS: `--require=${preload}` } });
      expect(res.code, res.stderr).toBe(0);
      const line = res.stderr.split('\n').find((l) => l.startsWith('loaded: '))!;
      return HEAVY.filter((m) => line.split(' ').includes(m));
    };
    const dir = sb.repo('startup');
    expect(await loaded(dir, ['save', '-m', 'first'])).toEqual(['crypto', 'zlib']);
    const head = sb.git(dir, 'rev-parse', 'HEAD').trim();
    sb.git(dir, 'switch', '-q', '-c', 'other');
    for (const args of [['--version'], ['list'], ['hook', 'post-checkout', head, head, '1']]) {
      expect(await loaded(dir, args), args.join(' ')).toEqual([]);
    }
  });
});

/**
 * Start-up is most of a short command's cost (SPEC §11): the read-only paths
 * (`--version`, `list`, the post-checkout hook) never load the node modules
 * only writing needs.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLE, makeSandbox, runProcess, type Sandbox } from '../helpers/sandbox.js';

let sb: Sandbox;
beforeAll(() => {
  sb = makeSandbox();
});
afterAll(() => sb.cleanup());

const HEAVY = ['crypto', 'zlib', 'readline'];

/**
 * A --require module that prints every file the process read with readFileSync
 * (the bundles are read so, then compiled through V8's code cache) on one
 * `files:` line at exit.
 */
function filesReadPreload(): string {
  const preload = join(sb.root, 'files.cjs');
  writeFileSync(preload, [
    "const fs = require('node:fs'); const read = fs.readFileSync; const seen = [];",
    'fs.readFileSync = function (file, ...rest) { if (typeof file === "string") seen.push(file); return read.call(this, file, ...rest); };',
    "process.on('exit', () => process.stderr.write('files: ' + seen.join(' ') + '\\n'));",
  ].join('\n'));
  return preload;
}

/** The files one process listed on its `files:` line (with several processes, the last one's). */
function filesRead(stderr: string): string[] {
  return stderr.split('\n').filter((l) => l.startsWith('files: ')).pop()!.split(' ').slice(1);
}

describe('what a command loads', () => {
  it('every bundle is ASCII only (V8 keeps and scans any other source at two bytes a character)', () => {
    const dist = join(dirname(BUNDLE), '..', 'dist');
    const bundles = readdirSync(dist).filter((n) => n.endsWith('.cjs'));
    expect(bundles).toEqual(expect.arrayContaining(['cli.cjs', 'hook.cjs', 'mcp-sdk.cjs', 'yargs.cjs']));
    for (const name of bundles) expect(/[^\x00-\x7f]/.test(readFileSync(join(dist, name), 'latin1')), name).toBe(false);
  });


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

  it('a branch switch runs the reminder from the hook\'s own bundle; what it cannot answer goes to the full CLI, once', async () => {
    const preload = filesReadPreload();
    const dir = sb.repo('startup-hook');
    expect((await sb.ckpt(dir, ['save', '-m', 'main work'])).code).toBe(0);
    expect((await sb.ckpt(dir, ['install', '-q'])).code).toBe(0);
    sb.git(dir, 'branch', 'other');
    let onMain = true;
    const switched = async (env: Record<string, string> = {}) => {
      onMain = !onMain;
      const res = await runProcess('setsid', ['git', 'switch', onMain ? 'main' : 'other'], dir, { ...sb.env, NODE_OPTIONS: `--require=${preload}`, ...env });
      expect(res.code, res.stderr).toBe(0);
      const reminders = res.stderr.split('\n').filter((l) => l.startsWith('checkpoint: left '));
      // No `files:` line: no node ran.
      const bundles = res.stderr.includes('files: ') ? filesRead(res.stderr).filter((f) => /dist\/[a-z-]+\.cjs$/.test(f)).map((f) => f.split('/').pop()) : [];
      return { bundles, reminders };
    };
    // The installed script decides nothing but whether node starts: the hook's own bundle answers.
    const plain = await switched();
    expect(plain.bundles).toEqual(['hook.cjs']);
    expect(plain.reminders).toEqual([expect.stringContaining("left 'main'")]);
    const again = await switched();
    expect(again.bundles).toEqual(['hook.cjs']);
    expect(again.reminders).toEqual([expect.stringContaining("left 'other'")]);
    // checkpoint.hookPrompt=ask saves through the full CLI (here with no terminal: it only reminds).
    sb.git(dir, 'config', 'checkpoint.hookPrompt', 'ask');
    const ask = await switched();
    expect(ask.bundles).toEqual(['hook.cjs', 'cli.cjs']);
    expect(ask.reminders).toEqual([expect.stringContaining("left 'main'")]);
    sb.git(dir, 'config', '--unset', 'checkpoint.hookPrompt');
    // A layout the files do not answer (GIT_COMMON_DIR) is git's own discovery, which the full CLI runs.
    const moved = await switched({ GIT_DIR: join(dir, '.git'), GIT_COMMON_DIR: join(dir, '.git') });
    expect(moved.bundles).toEqual(['hook.cjs', 'cli.cjs']);
    expect(moved.reminders).toEqual([expect.stringContaining("left 'other'")]);
    expect((await switched()).bundles).toEqual(['hook.cjs']);
  });

  it('only the save path runs the secret rule table: list, show, resume, status and the hook never build it', async () => {
    // V8's own call counts (NODE_V8_COVERAGE) for the bundle's lazy module bodies: the table is data that is
    // evaluated, and compiled into a matcher, only when something is redacted.
    const calls = async (dir: string, args: string[]) => {
      const out = mkdtempSync(join(sb.root, 'cov-'));
      const res = await sb.ckpt(dir, args, { env: { NODE_V8_COVERAGE: out } });
      expect(res.code, res.stderr).toBe(0);
      const counts = new Map<string, number>();
      for (const file of readdirSync(out)) {
        for (const script of JSON.parse(readFileSync(join(out, file), 'utf8')).result) {
          if (!script.url.endsWith('cli.cjs')) continue;
          for (const fn of script.functions) counts.set(fn.functionName, (counts.get(fn.functionName) ?? 0) + fn.ranges[0].count);
        }
      }
      rmSync(out, { recursive: true, force: true });
      return { table: counts.get('src/checkpoint/secrets/secret-formats.ts'), matcher: counts.get('buildMatcher') ?? 0 };
    };
    const dir = sb.repo('startup-table');
    writeFileSync(join(dir, 'notes.txt'), 'work in progress\n');
    expect(await calls(dir, ['save', '-m', 'first'])).toEqual({ table: 1, matcher: 1 });
    const head = sb.git(dir, 'rev-parse', 'HEAD').trim();
    for (const args of [['list'], ['show'], ['resume'], ['status'], ['hook', 'post-checkout', head, head, '1']]) {
      expect(await calls(dir, args), args.join(' ')).toEqual({ table: 0, matcher: 0 });
    }
  });

  it('only git checkpoint mcp loads the MCP SDK bundle; only interactive commands load yargs', async () => {
    const preload = filesReadPreload();
    const files = async (dir: string, args: string[], input?: string) => {
      const res = await sb.ckpt(dir, args, { env: { NODE_OPTIONS: `--require=${preload}` }, ...(input === undefined ? {} : { input }) });
      expect(res.code, res.stderr).toBe(0);
      return filesRead(res.stderr);
    };
    const dir = sb.repo('startup-mcp');
    const isSdk = (f: string) => f.endsWith('mcp-sdk.cjs') || f.includes('modelcontextprotocol');
    expect((await files(dir, ['list'])).some((f) => f.endsWith('cli.cjs')), 'the check sees the bundles read').toBe(true);
    // --version is answered from package.json: no bundle at all.
    expect((await files(dir, ['--version'])).filter((f) => f.endsWith('.cjs') && !f.endsWith('git-checkpoint.cjs'))).toEqual([]);
    for (const args of [['--version'], ['list'], ['save', '-m', 'x']]) {
      expect((await files(dir, args)).filter(isSdk), args.join(' ')).toEqual([]);
    }
    // yargs parses the interactive commands only: --version, the hook entry points and mcp never read its bundle.
    const isYargs = (f: string) => f.endsWith('yargs.cjs') || f.includes('node_modules/yargs');
    const head = sb.git(dir, 'rev-parse', 'HEAD').trim();
    for (const [args, input] of [[['--version']], [['hook', 'post-checkout', head, head, '1']], [['hook', 'pre-push', 'origin', 'file:///nowhere'], ''], [['mcp'], '']] as [string[], string?][]) {
      expect((await files(dir, args, input)).filter(isYargs), args.join(' ')).toEqual([]);
    }
    for (const args of [['list'], ['save', '-m', 'y'], ['show', '--json']]) {
      expect((await files(dir, args)).filter(isYargs), args.join(' ')).toHaveLength(1);
    }
    // The positive case: the check sees the bundle when it does load (stdin is empty: the server starts and ends).
    expect((await files(dir, ['mcp'], '')).filter(isSdk)).toHaveLength(1);
    // ... through V8's code cache, kept for this build only.
    const sdk = join(dirname(BUNDLE), '..', 'dist', 'mcp-sdk.cjs');
    const build = /git-checkpoint-build ([0-9a-f]{16})\n$/.exec(readFileSync(sdk, 'utf8'))![1];
    expect(readFileSync(`${sdk}.v8cache`, 'latin1').slice(0, 17)).toBe(`${build}\n`);
  });
});

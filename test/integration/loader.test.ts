/**
 * The start-up loader (SPEC §11) runs the bundle through V8's code cache; a
 * rebuilt bundle must never run the code cached for the one before it.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BUNDLE, makeSandbox } from '../helpers/sandbox.js';

const root = mkdtempSync(join(tmpdir(), 'gcp-loader-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the loader and its code cache', () => {
  it('runs the bundle that is there, even when a rebuild has the same length', () => {
    mkdirSync(join(root, 'bin'), { recursive: true });
    mkdirSync(join(root, 'dist'), { recursive: true });
    const loader = join(root, 'bin', 'git-checkpoint.cjs');
    copyFileSync(BUNDLE, loader);
    const bundle = (word: string, build: string) =>
      writeFileSync(join(root, 'dist', 'cli.cjs'), `process.stdout.write(${JSON.stringify(word)});\n//# git-checkpoint-build ${build}\n`);
    const run = (...args: string[]) => spawnSync(process.execPath, [loader, ...args], { encoding: 'utf8' }).stdout;

    bundle('first', '1111111111111111');
    expect(run()).toBe('first');
    const cache = join(root, 'dist', 'cli.cjs.version.v8cache');
    expect(existsSync(cache)).toBe(true);
    expect(readFileSync(cache, 'latin1').slice(0, 17)).toBe('1111111111111111\n');
    expect(run()).toBe('first');

    bundle('other', '2222222222222222');
    expect(run()).toBe('other');
    expect(readFileSync(cache, 'latin1').slice(0, 17)).toBe('2222222222222222\n');
  });

  it('keeps a cache for each command whose start-up counts most, one for the rest', () => {
    mkdirSync(join(root, 'bin'), { recursive: true });
    mkdirSync(join(root, 'dist'), { recursive: true });
    const loader = join(root, 'bin', 'git-checkpoint.cjs');
    copyFileSync(BUNDLE, loader);
    const run = (...args: string[]) => spawnSync(process.execPath, [loader, ...args], { encoding: 'utf8' });
    writeFileSync(join(root, 'dist', 'cli.cjs'), `process.stdout.write('x');\n//# git-checkpoint-build 3333333333333333\n`);
    run('--version');
    run('save', '-m', 'a task');
    run('hook', 'post-checkout', 'a', 'b', '1');
    run('doctor');
    run('prune', '--keep', '3');
    const caches = readdirSync(join(root, 'dist')).filter((n) => n.endsWith('.v8cache')).sort();
    expect(caches).toEqual(['cli.cjs.hook-post-checkout.v8cache', 'cli.cjs.other.v8cache', 'cli.cjs.save.v8cache', 'cli.cjs.version.v8cache']);
    const before = statSync(join(root, 'dist', 'cli.cjs.save.v8cache')).mtimeMs;
    run('save', '--no-wip');
    expect(statSync(join(root, 'dist', 'cli.cjs.save.v8cache')).mtimeMs).toBe(before);
  });
  it('runs the post-checkout hook from its own bundle, and the full CLI when that bundle declines, fails or is missing', () => {
    const dir = join(root, 'hook-case');
    mkdirSync(join(dir, 'bin'), { recursive: true });
    mkdirSync(join(dir, 'dist'), { recursive: true });
    const loader = join(dir, 'bin', 'git-checkpoint.cjs');
    copyFileSync(BUNDLE, loader);
    writeFileSync(join(dir, 'dist', 'cli.cjs'), `process.stdout.write('cli:' + process.argv.slice(2).join(' '));\n//# git-checkpoint-build 4444444444444444\n`);
    const hook = (body: string) => writeFileSync(join(dir, 'dist', 'hook.cjs'), `exports.runPostCheckout = async (argv) => { ${body} };\n//# git-checkpoint-build 5555555555555555\n`);
    const run = (...args: string[]) => spawnSync(process.execPath, [loader, ...args], { encoding: 'utf8' }).stdout;

    hook("process.stdout.write('hook:' + argv.join(' ')); return true;");
    expect(run('hook', 'post-checkout', 'a', 'b', '1')).toBe('hook:hook post-checkout a b 1');
    expect(run('list')).toBe('cli:list');
    hook("process.stdout.write('declined;'); return false;");
    expect(run('hook', 'post-checkout', 'a', 'b', '1')).toBe('declined;cli:hook post-checkout a b 1');
    hook("throw new Error('broken');");
    expect(run('hook', 'post-checkout', 'a', 'b', '1')).toBe('cli:hook post-checkout a b 1');
    rmSync(join(dir, 'dist', 'hook.cjs'));
    expect(run('hook', 'post-checkout', 'a', 'b', '1')).toBe('cli:hook post-checkout a b 1');
  });

  it('answers --version from package.json without loading a bundle, and runs the bundle when there is none', () => {
    const dir = join(root, 'version-case');
    mkdirSync(join(dir, 'bin'), { recursive: true });
    mkdirSync(join(dir, 'dist'), { recursive: true });
    const loader = join(dir, 'bin', 'git-checkpoint.cjs');
    copyFileSync(BUNDLE, loader);
    writeFileSync(join(dir, 'dist', 'cli.cjs'), `process.stdout.write('cli:' + process.argv.slice(2).join(' '));\n//# git-checkpoint-build 6666666666666666\n`);
    const run = (...args: string[]) => spawnSync(process.execPath, [loader, ...args], { encoding: 'utf8' }).stdout;

    expect(run('--version')).toBe('cli:--version');
    rmSync(join(dir, 'dist', 'cli.cjs'));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'git-checkpoint', version: '9.8.7' }));
    expect(run('--version')).toBe('git-checkpoint version 9.8.7\n');
    expect(JSON.parse(run('--json', '--version'))).toEqual({ version: '9.8.7' });
    expect(JSON.parse(run('--version', '--json'))).toEqual({ version: '9.8.7' });
    // Anything more is the bundle's to answer.
    writeFileSync(join(dir, 'dist', 'cli.cjs'), `process.stdout.write('cli:' + process.argv.slice(2).join(' '));\n//# git-checkpoint-build 6666666666666666\n`);
    expect(run('-C', '.', '--version')).toBe('cli:-C . --version');
  });

  it("starts its node without NODE_EXTRA_CA_CERTS and gives it back to every process it starts", () => {
    const sb = makeSandbox();
    try {
      const dir = sb.repo('ca');
      // A git on PATH that reports what it was given, then runs the real one.
      const fake = join(sb.root, 'fake-git');
      mkdirSync(fake);
      const realGit = spawnSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).stdout.trim();
      const log = join(sb.root, 'git-env.log');
      writeFileSync(join(fake, 'git'), `#!/bin/sh\necho "CA=\${NODE_EXTRA_CA_CERTS-unset} SAVED=\${GIT_CHECKPOINT_NODE_EXTRA_CA_CERTS-unset}" >> '${log}'\nexec '${realGit}' "$@"\n`, { mode: 0o755 });
      const bundle = join(sb.root, 'no-such-bundle.pem');
      const env = { ...sb.env, PATH: `${fake}:${sb.env.PATH}`, NODE_EXTRA_CA_CERTS: bundle };
      // Run as git runs it: the file itself, through its #! line.
      const res = spawnSync(join(sb.root, 'bin', 'git-checkpoint'), ['save', '-m', 'a task'], { cwd: dir, env, encoding: 'utf8' });
      expect(res.status).toBe(0);
      // Node warns about a CA bundle it cannot read: this one never tried.
      expect(res.stderr).not.toContain('extra certs');
      const seen = [...new Set(readFileSync(log, 'utf8').trim().split('\n'))];
      expect(seen).toEqual([`CA=${bundle} SAVED=unset`]);
      // Without the variable, none appears.
      rmSync(log);
      const { NODE_EXTRA_CA_CERTS: _unused, ...without } = env;
      expect(spawnSync(join(sb.root, 'bin', 'git-checkpoint'), ['list'], { cwd: dir, env: without, encoding: 'utf8' }).status).toBe(0);
      expect([...new Set(readFileSync(log, 'utf8').trim().split('\n'))]).toEqual(['CA=unset SAVED=unset']);
      // node started on the loader directly still reads the bundle (and warns): the #! line is what skips it.
      expect(spawnSync(process.execPath, [BUNDLE, 'list'], { cwd: dir, env, encoding: 'utf8' }).stderr).toContain('extra certs');
    } finally {
      sb.cleanup();
    }
  });
});

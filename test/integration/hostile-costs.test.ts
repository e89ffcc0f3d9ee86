/**
 * One hostile chain must not tax everyone (SPEC §9), and nothing it names
 * may reach a terminal raw or a pasted command as an option: giant titles
 * and messages against the post-checkout hook, an octopus of 100,000
 * invalid parents against `list`, broken objects against `fetch`, branch
 * names that are object keys or escape sequences, and names starting
 * with `-` in printed fixes.
 */
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidBranchName } from '../../src/text/shell.js';
import { makeHostileRemote, plantOctopus } from '../helpers/hostile-remote.js';
import { makeSandbox, runProcess, type Sandbox } from '../helpers/sandbox.js';
import { cloneAs } from '../helpers/teammates.js';

/** What must never reach a terminal (newline aside): C0, DEL, C1, bidi, zero-width. */
const RAW = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/u;

let sb: Sandbox;
beforeAll(() => {
  sb = makeSandbox();
});
afterAll(() => sb.cleanup());

const gitRun = (cwd: string, args: string[], env: Record<string, string> = {}) => runProcess('git', args, cwd, { ...sb.env, ...env });
const message = (title: string, writer: string, branch: string, body = '') =>
  `checkpoint: ${title}\n\n${body}${body ? '\n\n' : ''}Checkpoint-Id: 20260103-000000-big${writer.slice(-1)}\nCheckpoint-Writer: ${writer}\nCheckpoint-Branch: ${branch}\n`;

/** A clone of `url` with the hooks installed and a branch `other`. */
async function installedClone(url: string, name: string): Promise<string> {
  const dir = await cloneAs(sb, url, name, `${name}@example.com`);
  sb.git(dir, 'branch', 'other');
  expect((await sb.ckpt(dir, ['install'])).code).toBe(0);
  return dir;
}

describe('the post-checkout hook against hostile chains', () => {
  it('keeps a 10 MB title out of its index: the reminder shows it cut, the index stays small', async () => {
    const remote = await makeHostileRemote(sb, 'title');
    remote.plant({ chain: 'mallory-tttttt', message: message('word '.repeat(2 * 1024 * 1024), 'mallory-tttttt', 'other') });
    const dir = await installedClone(remote.url, 'title-victim');
    expect((await sb.ckpt(dir, ['fetch'])).code).toBe(0);
    const res = await gitRun(dir, ['switch', 'other']);
    expect(res.code).toBe(0);
    const line = res.stderr.split('\n').find((l) => l.startsWith("checkpoint: on 'other'"));
    expect(line).toMatch(/^checkpoint: on 'other': "word word .*…", .* by mallory-tttttt$/);
    expect(line!.length).toBeLessThan(200);
    expect(statSync(join(dir, '.git', 'checkpoint', 'branch-index.json')).size).toBeLessThan(4096);
  }, 120_000);

  it('still reminds when one chain holds a 70 MB message', async () => {
    const remote = await makeHostileRemote(sb, 'giant');
    remote.plant({ chain: 'mallory-gggggg', message: message('giant', 'mallory-gggggg', 'main', 'x'.repeat(70 * 1024 * 1024)) });
    const dir = await installedClone(remote.url, 'giant-victim');
    sb.git(dir, 'switch', '-q', 'other');
    expect((await sb.ckpt(dir, ['save', '-m', 'own work on other'])).code).toBe(0);
    sb.git(dir, 'switch', '-q', 'main');
    expect((await sb.ckpt(dir, ['fetch'])).code).toBe(0);
    const res = await gitRun(dir, ['switch', 'other']);
    expect(res.stderr).not.toContain('hook failed');
    expect(res.stderr).toContain(`checkpoint: on 'other': "own work on other"`);
  }, 120_000);

  it('takes branches named like object keys as branches', async () => {
    const remote = await makeHostileRemote(sb, 'keys');
    const dir = await installedClone(remote.url, 'keys-victim');
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) sb.git(dir, 'branch', name);
    sb.git(dir, 'switch', '-q', '__proto__');
    expect((await sb.ckpt(dir, ['save', '-m', 'proto work'])).code).toBe(0);
    for (const name of ['constructor', 'toString', 'hasOwnProperty', '__proto__', 'main']) {
      const res = await gitRun(dir, ['switch', name]);
      expect(res.code, name).toBe(0);
      expect(res.stderr, name).not.toMatch(/hook failed|TypeError|Error:/);
      expect(res.stderr, name).toContain(`checkpoint: left '`);
    }
    expect((await gitRun(dir, ['switch', '__proto__'])).stderr).toContain(`checkpoint: on '__proto__': "proto work"`);
    expect((await gitRun(dir, ['switch', 'constructor'])).stderr).not.toContain(`checkpoint: on 'constructor'`);
  }, 120_000);

  it('prints no raw control character and no command for a branch name that would not paste as itself', async () => {
    const remote = await makeHostileRemote(sb, 'escapes');
    const dir = await installedClone(remote.url, 'escapes-victim');
    for (const name of ['c1\u009b2J', 'bidi\u202etxt.exe', 'zw\u200bj']) {
      sb.git(dir, 'switch', '-q', '-c', name);
      const res = await gitRun(dir, ['switch', 'main']);
      expect(res.code).toBe(0);
      expect(res.stderr).not.toMatch(RAW);
      expect(res.stderr).toContain("checkpoint:   save it: (no command: the branch name is not one git accepts as it is, or it starts with '-')");
    }
    sb.git(dir, 'switch', '-q', '-c', 'feat/x');
    const plain = await gitRun(dir, ['switch', 'main']);
    expect(plain.stderr).toContain('save it: git checkpoint save --branch feat/x -m "<what you were doing>"');
  }, 120_000);
});

describe('many invalid commits', () => {
  it('a commit with 100,000 parents is one invalid checkpoint, listed in seconds', async () => {
    const dir = sb.repo('octopus');
    expect((await sb.ckpt(dir, ['save', '-m', 'still here'])).code).toBe(0);
    const octopus = plantOctopus(sb, dir, 'refs/checkpoints/remotes/origin/mallory-dddddd', 100_000);
    for (const run of [1, 2]) {
      const started = Date.now();
      const res = await sb.ckpt(dir, ['list']);
      expect(res.code, `run ${run}`).toBe(0);
      expect(res.stdout).toContain('still here');
      // The octopus, and the one parent on its chain's first-parent line.
      const lines = res.stderr.trimEnd().split('\n');
      expect(lines).toHaveLength(2);
      expect(lines[0]).toBe(`warning: skipping invalid checkpoint ${octopus}: has 100000 parents, more than a checkpoint can have (1001)`);
      // Git's own full walk of this commit takes minutes here.
      expect(Date.now() - started).toBeLessThan(30_000);
    }
  }, 300_000);

  it('past twenty problems, ten lines and one with the count and a pointer to doctor', async () => {
    const dir = sb.repo('many-invalid');
    expect((await sb.ckpt(dir, ['save', '-m', 'still here'])).code).toBe(0);
    const empty = sb.gitIn(dir, ['mktree'], '');
    let tip: string | null = null;
    for (let i = 0; i < 30; i++) {
      const msg = `checkpoint: bad ${i}\n\nCheckpoint-Id: 20260101-0000${String(i).padStart(2, '0')}-badx\nCheckpoint-Writer: mallory-mmmmmm\nCheckpoint-Branch: main\n`;
      tip = sb.gitIn(dir, ['commit-tree', empty, ...(tip ? ['-p', tip] : []), '-F', '-'], msg);
    }
    sb.git(dir, 'update-ref', 'refs/checkpoints/remotes/origin/mallory-mmmmmm', tip!);
    const res = await sb.ckpt(dir, ['list']);
    expect(res.code).toBe(0);
    const lines = res.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(11);
    expect(lines.slice(0, 10).every((l) => l.startsWith('warning: skipping invalid checkpoint '))).toBe(true);
    expect(lines[10]).toBe('warning: 20 more problems with stored checkpoints (30 in all); see them with: git checkpoint doctor');
    const doctor = await sb.ckpt(dir, ['doctor']);
    expect(doctor.stdout.match(/invalid [0-9a-f]{40}: /g)).toHaveLength(30);
  }, 120_000);
});

describe('fetch with one bad writer on the remote', () => {
  it('fetches the others writer by writer and names the bad ones', async () => {
    const remote = await makeHostileRemote(sb, 'badobj');
    remote.plant({ chain: 'bob-bbbbbb', record: { task: { title: 'honest teammate', status: 'in_progress' } } });
    remote.plantMalformedTree('mallory-eeeeee');
    remote.plantMissingTree('mallory-ffffff');
    remote.plant({ chain: 'zed-zzzzzz', record: { task: { title: 'another honest one', status: 'in_progress' } } });
    const dir = await cloneAs(sb, remote.url, 'badobj-victim', 'carol@example.com');
    sb.git(dir, 'config', 'fetch.fsckObjects', 'true');
    const res = await sb.ckpt(dir, ['fetch']);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toMatch(/warning: could not fetch the checkpoints of mallory-eeeeee from 'origin': .+; the other writers' were fetched/);
    expect(res.stderr).toMatch(/warning: could not fetch the checkpoints of mallory-ffffff from 'origin': /);
    expect(res.stdout).toContain('fetched 2 new checkpoints from origin');
    const list = await sb.ckpt(dir, ['list']);
    expect(list.stdout).toContain('honest teammate');
    expect(list.stdout).toContain('another honest one');
  }, 120_000);

  it('still fails as a whole when the remote cannot be reached', async () => {
    const dir = sb.repo('unreachable');
    sb.git(dir, 'remote', 'add', 'origin', join(sb.root, 'nowhere.git'));
    const res = await sb.ckpt(dir, ['fetch']);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain("could not fetch checkpoints from 'origin'");
  });
});

describe('printed fix commands', () => {
  it('give no command for a stored branch starting with - and use -- for the others', async () => {
    const remote = await makeHostileRemote(sb, 'inject');
    const hostile = remote.plant({ chain: 'mallory-iiiiii', record: { git: { ...remote.template.git, branch: '-Cmain' } } });
    const honest = remote.plant({ chain: 'bob-bbbbbb', record: { git: { ...remote.template.git, branch: 'feat' } } });
    const dir = await cloneAs(sb, remote.url, 'inject-victim', 'carol@example.com');
    expect((await sb.ckpt(dir, ['fetch'])).code).toBe(0);
    const bad = await sb.ckpt(dir, ['resume', hostile.id]);
    expect(bad.stdout).not.toMatch(/git switch -C|fix: git switch/);
    expect(bad.stdout).toContain("warning: no command printed: git would not take this branch name as it is (or it starts with '-')");
    const good = await sb.ckpt(dir, ['resume', honest.id]);
    expect(good.stdout).toContain('fix: git fetch && git switch -- feat');
  }, 120_000);

  it('name a remote whose name starts with - after --, and reach git with it as a name', async () => {
    const dir = sb.repo('dash-remote');
    sb.git(dir, 'config', 'remote.-upload.url', join(sb.root, 'srv', 'no-such.git'));
    sb.git(dir, 'config', 'checkpoint.remote', '-upload');
    const res = await sb.ckpt(dir, ['fetch']);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('no-such.git');
    expect(res.stderr).not.toMatch(/unknown (switch|option)/);
    sb.git(dir, 'config', 'checkpoint.remote', '-gone');
    const missing = await sb.ckpt(dir, ['fetch']);
    expect(missing.stderr).toContain('hint: add it with: git remote add -- -gone <url>');
  });

  it('judge branch names as git check-ref-format --branch does', () => {
    const names = [
      'main', 'feat/x', 'a.b', 'v1.0', 'ü-branch', '-Cmain', '--orphan', 'a..b', 'a/.b', '.a', 'a.lock', 'a/b.lock/c', 'a/', '/a',
      'a//b', 'a.', 'a@{1}', 'HEAD', 'a b', 'a~1', 'a^', 'a:b', 'a?', 'a*', 'a[b', 'a\\b', 'a\x01b', 'a\x7fb', 'x@y', 'a/b/c', '@x',
    ];
    for (const name of names) {
      const git = spawnSync('git', ['check-ref-format', '--branch', name], { env: sb.env, cwd: sb.root }).status === 0;
      expect(isValidBranchName(name), JSON.stringify(name)).toBe(git);
    }
    // `--branch @` is git's shorthand for the current branch; as a name it is refused.
    expect(isValidBranchName('@')).toBe(false);
  });
});

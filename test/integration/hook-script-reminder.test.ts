/**
 * The installed post-checkout script answers a switch from the copy of the
 * branch index the tool keeps for it (hooks/post-checkout, no node started)
 * while no chain moved since. Each case here runs the script twice in the
 * same state: once as it is, with a `git-checkpoint` on PATH that only says
 * it was started, and once with the tool answering (GIT_CHECKPOINT_HOOK_NODE);
 * the two must print the same, and the first must not have started the tool
 * where the copy can answer.
 */
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSandbox, runProcess, type Sandbox } from '../helpers/sandbox.js';

let sb: Sandbox;
let stubBin: string;
beforeAll(() => {
  sb = makeSandbox();
  stubBin = join(sb.root, 'stub-bin');
  mkdirSync(stubBin);
  writeFileSync(join(stubBin, 'git-checkpoint'), '#!/bin/sh\necho "git-checkpoint started" >&2\n');
  chmodSync(join(stubBin, 'git-checkpoint'), 0o755);
});
afterAll(() => sb.cleanup());

const WRITER = 'ada-h00k5s';
const MATE = 'bob-m4t3s0';
const NOW = Math.floor(Date.now() / 1000);
const MINUTE = 60;
const HOUR = 3600;
const DAY = 86400;

let seq = 0;
/** fast-import commands for one checkpoint commit on `ref` (`onTop`: of its tip), made `ago` seconds ago, for `branch`. */
function checkpointCommit(ref: string, writer: string, branch: string, ago: number, title: string, onTop = false): string {
  seq++;
  const id = `20260101-${String(seq).padStart(6, '0')}-h00k`;
  const message = `checkpoint: ${title}\n\nCheckpoint-Id: ${id}\nCheckpoint-Writer: ${writer}\nCheckpoint-Branch: ${branch}\nCheckpoint-Seq: ${seq}\n`;
  const json = JSON.stringify({ id, writer });
  return `commit ${ref}\ncommitter Ada <ada@example.com> ${NOW - ago} +0000\ndata ${Buffer.byteLength(message)}\n${message}${onTop ? `from ${ref}^0\n` : ''}` +
    `M 100644 inline checkpoint.json\ndata ${Buffer.byteLength(json)}\n${json}\n\n`;
}

interface Answer {
  text: string;
  startedTool: boolean;
}

/** The installed script run as git runs it after a switch, with the copy (stub tool on PATH) or the tool answering. */
async function hook(dir: string, args: string[], how: 'copy' | 'tool', env: Record<string, string> = {}): Promise<Answer> {
  const path = how === 'copy' ? `${stubBin}:${sb.env.PATH}` : sb.env.PATH!;
  const extra: Record<string, string> = how === 'tool' ? { GIT_CHECKPOINT_HOOK_NODE: '1' } : {};
  const hooks = resolve(dir, sb.git(dir, 'rev-parse', '--git-path', 'hooks').trim());
  const res = await runProcess(join(hooks, 'post-checkout'), args, dir, { ...sb.env, PATH: path, ...extra, ...env });
  expect(res.code).toBe(0);
  const started = res.stderr.includes('git-checkpoint started');
  return { text: res.stderr.replace('git-checkpoint started\n', ''), startedTool: started };
}

/** Switches without hooks, then asks both; returns the tool's answer after checking the copy's is the same. */
async function switchAndCompare(dir: string, to: string[], expectCopy = true, env: Record<string, string> = {}, gitDir?: string): Promise<string> {
  const before = sb.git(dir, 'rev-parse', 'HEAD').trim();
  sb.git(dir, '-c', 'core.hooksPath=/dev/null', 'switch', '-q', ...to);
  const after = sb.git(dir, 'rev-parse', 'HEAD').trim();
  const args = [before, after, '1'];
  const withDir: Record<string, string> = gitDir ? { GIT_DIR: gitDir } : {};
  // The tool first: it brings the copy up to date when a chain moved.
  const tool = await hook(dir, args, 'tool', { ...env, ...withDir });
  const copy = await hook(dir, args, 'copy', { ...env, ...withDir });
  expect(copy.startedTool, `${to.join(' ')}: the copy answers`).toBe(!expectCopy);
  if (expectCopy) expect(copy.text, to.join(' ')).toBe(tool.text);
  return tool.text;
}

describe('the post-checkout script answering from the copy of the branch index', () => {
  it('prints what the tool prints: ages, counts, branches with and without checkpoints, silence', async () => {
    const dir = sb.repo('copy');
    for (const b of ['other', 'feat/x-1', 'quiet', 'ancient']) sb.git(dir, 'branch', b);
    expect((await sb.ckpt(dir, ['install', '-q'])).code).toBe(0);
    sb.gitIn(dir, ['fast-import', '--quiet'], [
      checkpointCommit(`refs/checkpoints/${WRITER}`, WRITER, 'ancient', 400 * DAY + 7, 'a year of work'),
      checkpointCommit(`refs/checkpoints/${WRITER}`, WRITER, 'feat/x-1', 9 * DAY + 30, 'nine days on x'),
      checkpointCommit(`refs/checkpoints/${WRITER}`, WRITER, 'main', 3 * HOUR + 20, 'Wire the retry loop: 100% done, "quoted" and \\back'),
      checkpointCommit(`refs/checkpoints/remotes/origin/${MATE}`, MATE, 'other', 5 * MINUTE + 10, `a long title ${'word '.repeat(40)}`),
    ].join(''));

    // The tool's first run builds the index and its copy.
    const first = await switchAndCompare(dir, ['other']);
    expect(first).toContain("checkpoint: left 'main': no uncommitted changes; last checkpoint 3 hours ago");
    expect(first).toMatch(/checkpoint: on 'other': "a long title (word ){10,}.*…", 5 minutes ago by bob-m4t3s0/);

    writeFileSync(join(dir, 'draft.txt'), 'half done\n');
    expect(await switchAndCompare(dir, ['main'])).toContain("left 'other': 1 uncommitted change came along; last checkpoint 5 minutes ago");
    for (const name of ['a.txt', 'b.txt']) writeFileSync(join(dir, name), 'more\n');
    expect(await switchAndCompare(dir, ['feat/x-1'])).toContain("checkpoint: on 'feat/x-1': \"nine days on x\", 1 week ago by ada-h00k5s");
    expect(await switchAndCompare(dir, ['quiet'])).toContain("left 'feat/x-1': 3 uncommitted changes came along; last checkpoint 1 week ago");
    expect(await switchAndCompare(dir, ['ancient'])).toContain("left 'quiet': 3 uncommitted changes came along; no checkpoint yet");
    expect(await switchAndCompare(dir, ['main'])).toContain('last checkpoint 1 year ago');
    for (const name of ['draft.txt', 'a.txt', 'b.txt']) sb.git(dir, 'clean', '-q', '-f', '--', name);
    expect(await switchAndCompare(dir, ['other'])).toContain("left 'main': no uncommitted changes; last checkpoint 3 hours ago");

    // As the tool: silence on a detached HEAD; from one, only where you arrived; silence on the same branch again.
    expect(await switchAndCompare(dir, ['--detach', 'main'])).toBe('');
    const fromDetached = await switchAndCompare(dir, ['main']);
    expect(fromDetached).not.toContain('left');
    expect(fromDetached).toContain("on 'main'");
    expect(await switchAndCompare(dir, ['main'])).toBe('');
  });

  it('leaves the answer to the tool once a chain moved, for names it cannot print as they are, and in a linked worktree it asks git about', async () => {
    const dir = sb.repo('stale');
    sb.git(dir, 'branch', 'other');
    sb.git(dir, 'branch', 'naïve');
    expect((await sb.ckpt(dir, ['install', '-q'])).code).toBe(0);
    sb.gitIn(dir, ['fast-import', '--quiet'], checkpointCommit(`refs/checkpoints/${WRITER}`, WRITER, 'other', 2 * HOUR, 'first'));
    await switchAndCompare(dir, ['other']);
    expect(await switchAndCompare(dir, ['main'])).toContain('last checkpoint 2 hours ago');

    // A chain moved behind the tool's back (as a fetch by plain git moves it): the copy is stale and does not answer.
    sb.gitIn(dir, ['fast-import', '--quiet'], checkpointCommit(`refs/checkpoints/remotes/origin/${MATE}`, MATE, 'other', 30, 'from a mate'));
    const before = sb.git(dir, 'rev-parse', 'HEAD').trim();
    sb.git(dir, '-c', 'core.hooksPath=/dev/null', 'switch', '-q', 'other');
    const stale = await hook(dir, [before, before, '1'], 'copy');
    expect(stale).toEqual({ text: '', startedTool: true });
    const fresh = await hook(dir, [before, before, '1'], 'tool');
    expect(fresh.text).toContain("checkpoint: on 'other': \"from a mate\", just now by bob-m4t3s0");
    // The tool's run brought the copy up to date: it answers again.
    expect(await hook(dir, [before, before, '1'], 'copy')).toEqual({ text: fresh.text, startedTool: false });
    // The same chains, one of them a checkpoint further: stale again.
    sb.gitIn(dir, ['fast-import', '--quiet'], checkpointCommit(`refs/checkpoints/remotes/origin/${MATE}`, MATE, 'other', 20, 'mate again', true));
    expect(await hook(dir, [before, before, '1'], 'copy')).toEqual({ text: '', startedTool: true });
    expect((await hook(dir, [before, before, '1'], 'tool')).text).toContain('"mate again", just now by bob-m4t3s0');

    // A save moves the index and its copy along with the chain.
    expect((await sb.ckpt(dir, ['save', '-q', '-m', 'saved on other'])).code).toBe(0);
    expect(await switchAndCompare(dir, ['main'])).toMatch(/left 'other': no uncommitted changes; last checkpoint just now/);
    expect(await switchAndCompare(dir, ['other'])).toContain('"saved on other", just now by');

    // A name the shell would not read as itself: the tool answers (and quotes it).
    expect(await switchAndCompare(dir, ['naïve'], false)).toContain("left 'other'");
    expect(await switchAndCompare(dir, ['main'], false)).toContain("left 'naïve'");

    // A linked worktree: git names its git dir (GIT_DIR) for the hook, and the common dir holds the copy.
    const wt = join(sb.root, 'stale-wt');
    sb.git(dir, '-c', 'core.hooksPath=/dev/null', 'worktree', 'add', '-q', '-b', 'side', wt);
    const wtGitDir = sb.git(wt, 'rev-parse', '--absolute-git-dir').trim();
    expect(await switchAndCompare(wt, ['other'], true, {}, wtGitDir)).toContain("left 'side': no uncommitted changes; no checkpoint yet");
    // Without GIT_DIR its .git is a file: the script asks nothing and leaves it to the tool.
    expect((await hook(wt, [before, before, '1'], 'copy')).startedTool).toBe(true);

    // hookPrompt=ask needs the tool (it reads a line from the terminal).
    sb.git(dir, 'config', 'checkpoint.hookPrompt', 'ask');
    expect((await hook(dir, [before, before, '1'], 'copy')).startedTool).toBe(true);
  });
  it('leaves files it cannot read as git wrote them to the tool: a torn reflog line, a message ending in blanks, a HEAD of two lines, a hookPrompt beyond ASCII', async () => {
    const dir = sb.repo('odd');
    sb.git(dir, 'branch', 'other');
    expect((await sb.ckpt(dir, ['install', '-q'])).code).toBe(0);
    sb.gitIn(dir, ['fast-import', '--quiet'], checkpointCommit(`refs/checkpoints/${WRITER}`, WRITER, 'other', 2 * HOUR, 'first'));
    expect(await switchAndCompare(dir, ['other'])).toContain("left 'main'");
    const head = sb.git(dir, 'rev-parse', 'HEAD').trim();
    const args = [head, head, '1'];
    const reflog = join(dir, '.git', 'logs', 'HEAD');
    const headFile = join(dir, '.git', 'HEAD');
    const whole = readFileSync(reflog, 'utf8');
    // As it is, the copy answers: each change below is what makes it hand over.
    expect((await hook(dir, args, 'copy')).startedTool).toBe(false);

    writeFileSync(reflog, whole.slice(0, -1));
    expect((await hook(dir, args, 'copy')).startedTool, 'last reflog line without its newline').toBe(true);
    writeFileSync(reflog, `${whole.slice(0, -1)} \n`);
    expect((await hook(dir, args, 'copy')).startedTool, 'message ending in a blank').toBe(true);
    writeFileSync(reflog, whole);
    expect((await hook(dir, args, 'copy')).startedTool).toBe(false);

    const headText = readFileSync(headFile, 'utf8');
    writeFileSync(headFile, `${headText}ref: refs/heads/main\n`);
    expect((await hook(dir, args, 'copy')).startedTool, 'HEAD of two lines').toBe(true);
    writeFileSync(headFile, headText);

    // U+212A KELVIN SIGN lowercases to k in node: "as\u212A" is ask there, and the shell must not read it as remind.
    sb.git(dir, 'config', 'checkpoint.hookPrompt', 'as\u212A');
    expect((await hook(dir, args, 'copy')).startedTool, 'hookPrompt beyond ASCII').toBe(true);
    sb.git(dir, 'config', 'checkpoint.hookPrompt', 'Remind');
    expect((await hook(dir, args, 'copy')).startedTool).toBe(false);
  });
});

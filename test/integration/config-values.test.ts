/**
 * One rule for config values, git's: a checkpoint.* value that cannot be
 * parsed is `fatal: bad … config value '<value>' for '<key>'` (exit 128) in
 * the command that reads it, with nothing written; `doctor` checks every key
 * and fails on a bad one; in a hook the fatal is the hook's one warning line
 * and the user's git command goes on (exit 0). Through the built bin.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSandbox, runProcess, type Sandbox } from '../helpers/sandbox.js';

let sb: Sandbox;
let dir: string;
beforeAll(async () => {
  sb = makeSandbox();
  dir = sb.repo('values');
  const bare = join(sb.root, 'values.git');
  sb.git(sb.root, 'init', '-q', '--bare', bare);
  sb.git(dir, 'remote', 'add', 'origin', bare);
  sb.git(dir, 'push', '-q', 'origin', 'main');
  expect((await sb.ckpt(dir, ['install'])).code).toBe(0);
  expect((await sb.ckpt(dir, ['save', '-m', 'before'])).code).toBe(0);
  sb.git(dir, 'branch', 'other');
});
afterAll(() => sb.cleanup());

const chainTips = () => sb.git(dir, 'for-each-ref', '--format=%(objectname)', 'refs/checkpoints/');

/** Sets `key` to `value` for the length of `body`. */
async function withValue(key: string, value: string, body: () => Promise<void>): Promise<void> {
  const before = spawnSync('git', ['config', '--get', key], { cwd: dir, env: sb.env, encoding: 'utf8' }).stdout.trim();
  sb.git(dir, 'config', key, value);
  try {
    await body();
  } finally {
    sb.git(dir, 'config', '--unset-all', key);
    if (before) sb.git(dir, 'config', key, before);
  }
}

describe('a value that cannot be parsed', () => {
  it.each([
    ['checkpoint.wip', 'maybe', ['save', '-m', 'x'], "fatal: bad boolean config value 'maybe' for 'checkpoint.wip'"],
    ['checkpoint.maxFileSize', 'lots', ['save', '-m', 'x'], "fatal: bad numeric config value 'lots' for 'checkpoint.maxFileSize': invalid unit"],
    ['checkpoint.exclude', '[', ['save', '-m', 'x'], `fatal: bad config value '[' for 'checkpoint.exclude': Missing closing: "]"`],
    ['checkpoint.redact', '(', ['save', '-m', 'x'], "fatal: bad config value '(' for 'checkpoint.redact': Invalid regular expression: /(/: Unterminated group"],
    ['checkpoint.redactAllow', 'a*', ['save', '-m', 'x'], "fatal: bad config value 'a*' for 'checkpoint.redactAllow': it matches the empty string"],
    ['checkpoint.writer', 'Not-A-Writer', ['prune', '--keep', '1'], "fatal: bad config value 'Not-A-Writer' for 'checkpoint.writer': expected <slug>-<6 of [a-z0-9]>, lowercase"],
    ['checkpoint.autoPush', 'later', ['push'], "fatal: bad config value 'later' for 'checkpoint.autoPush': expected a boolean or nowip"],
  ])('%s=%s stops the command that reads it (exit 128, nothing written) and fails doctor', async (key, value, command, fatal) => {
    const before = chainTips();
    await withValue(key, value, async () => {
      const res = await sb.ckpt(dir, command);
      expect(res.code, res.stderr).toBe(128);
      expect(res.stderr.split('\n')[0]).toEqual(fatal);
      expect(res.stderr).toContain('hint: see where it is set with: git checkpoint config');
      expect(chainTips()).toBe(before);
      const doctor = await sb.ckpt(dir, ['doctor']);
      expect(doctor.code).toBe(1);
      expect(doctor.stdout).toMatch(/^FAIL {2}settings: 1 bad value/m);
      expect(doctor.stdout).toContain(`'${value}' for '${key}'`);
    });
    const doctor = await sb.ckpt(dir, ['doctor']);
    expect(doctor.stdout).toContain('ok    settings: every checkpoint.* value can be read');
  });

  it('checkpoint.agentHookTimeout=soon fails doctor with the message the agent hook warns with', async () => {
    await withValue('checkpoint.agentHookTimeout', 'soon', async () => {
      const doctor = await sb.ckpt(dir, ['doctor']);
      expect(doctor.code).toBe(1);
      expect(doctor.stdout).toContain("bad config value 'soon' for 'checkpoint.agentHookTimeout': expected a number of seconds, 0.5 to 3600");
    });
  });

  it('a remote name git accepts but the remote copies cannot hold: refused as a named one is (exit 1), a bad value for doctor', async () => {
    const before = chainTips();
    await withValue('checkpoint.remote', 'a/b', async () => {
      const res = await sb.ckpt(dir, ['fetch']);
      expect(res.code).toBe(1);
      expect(res.stderr.split('\n')[0]).toBe("error: 'a/b' is not a remote name git checkpoint can keep copies for");
      expect(chainTips()).toBe(before);
      const doctor = await sb.ckpt(dir, ['doctor']);
      expect(doctor.code).toBe(1);
      expect(doctor.stdout).toContain("bad config value 'a/b' for 'checkpoint.remote': not a remote name");
    });
  });

  it('is read only by the commands that need the key: list and show still work with checkpoint.wip=maybe', async () => {
    await withValue('checkpoint.wip', 'maybe', async () => {
      expect((await sb.ckpt(dir, ['list'])).code).toBe(0);
      expect((await sb.ckpt(dir, ['show'])).code).toBe(0);
    });
  });
});

describe('in a hook the fatal is one warning line, and git goes on', () => {
  it('post-checkout with checkpoint.hookPrompt=zzz', async () => {
    await withValue('checkpoint.hookPrompt', 'zzz', async () => {
      const res = await runProcess('git', ['switch', '-q', 'other'], dir, sb.env);
      expect(res.code).toBe(0);
      expect(res.stderr).toBe("warning: git-checkpoint post-checkout hook failed: bad config value 'zzz' for 'checkpoint.hookPrompt': expected remind, ask, off\n");
      expect(sb.git(dir, 'branch', '--show-current').trim()).toBe('other');
    });
    sb.git(dir, 'switch', '-q', 'main');
  });

  it.each([
    ['checkpoint.autoPush', 'later', "warning: bad config value 'later' for 'checkpoint.autoPush': expected a boolean or nowip: checkpoints not pushed\n"],
    ['checkpoint.writer', 'Bad', "warning: git-checkpoint pre-push hook failed: bad config value 'Bad' for 'checkpoint.writer': expected <slug>-<6 of [a-z0-9]>, lowercase\n"],
    ['checkpoint.remote', '.hidden', "warning: git-checkpoint pre-push hook failed: '.hidden' is not a remote name git checkpoint can keep copies for\n"],
  ])('pre-push with %s=%s', async (key, value, warning) => {
    sb.git(dir, 'commit', '-q', '--allow-empty', '-m', `push with ${key}`);
    await withValue(key, value, async () => {
      const res = await runProcess('git', ['push', '-q', 'origin', 'main'], dir, sb.env);
      expect(res.code).toBe(0);
      expect(res.stderr).toEqual(warning);
    });
  });

  it('an agent hook with checkpoint.wip=maybe answers the agent and exits 0', async () => {
    await withValue('checkpoint.wip', 'maybe', async () => {
      const input = JSON.stringify({ session_id: 's1', cwd: dir, hook_event_name: 'PreCompact', trigger: 'auto' });
      const res = await sb.ckpt(dir, ['hook', 'agent-pre-compact', 'claude'], { input });
      expect(res.code).toBe(0);
      expect(JSON.parse(res.stdout).systemMessage).toContain("bad boolean config value 'maybe' for 'checkpoint.wip'");
    });
  });
});

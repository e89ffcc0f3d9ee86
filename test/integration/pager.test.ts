/**
 * The pager and colour as git does them, on a real terminal (script(1) gives
 * the command a pseudo-terminal): long output is paged, --no-pager and
 * pager.checkpoint=false turn it off, and `git -p checkpoint list` keeps colour.
 */
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSandbox, type Sandbox } from '../helpers/sandbox.js';

let sb: Sandbox;
let dir: string;
beforeAll(async () => {
  sb = makeSandbox();
  dir = sb.repo('pager');
  expect((await sb.ckpt(dir, ['save', '-m', 'paged task'])).code).toBe(0);
});
afterAll(() => sb.cleanup());

/** Runs a shell command line on a pseudo-terminal; returns what the terminal showed. */
function onTerminal(command: string, env: Record<string, string> = {}): string {
  const res = spawnSync('script', ['-qec', command, '/dev/null'], { cwd: dir, env: { ...sb.env, TERM: 'dumb', ...env }, encoding: 'utf8', timeout: 60_000 });
  expect(res.status, res.stderr).toBe(0);
  return res.stdout.replace(/\r\n/g, '\n');
}

const PAGER = { GIT_PAGER: 'sed "s/^/paged: /"' };

describe('pager', () => {
  it('pages list, show, log and diff on a terminal with GIT_PAGER; not with --no-pager, pager.checkpoint=false, or off a terminal', () => {
    for (const cmd of ['list', 'show', 'log', 'diff']) {
      expect(onTerminal(`git checkpoint ${cmd}`, PAGER), cmd).toMatch(/^paged: /m);
    }
    expect(onTerminal('git checkpoint --no-pager list', PAGER)).not.toContain('paged: ');
    expect(onTerminal('git -c pager.checkpoint=false checkpoint list', PAGER)).not.toContain('paged: ');
    // pager.checkpoint names the pager (GIT_PAGER still wins, as in git); status is not paged unless asked with -p.
    expect(onTerminal('git -c pager.checkpoint="sed s/^/own:\\ /" checkpoint list')).toMatch(/^own: /m);
    expect(onTerminal('git -c pager.checkpoint="sed s/^/own:\\ /" checkpoint list', PAGER)).toMatch(/^paged: /m);
    expect(onTerminal('git checkpoint status', PAGER)).not.toContain('paged: ');
    expect(onTerminal('git checkpoint -p status', PAGER)).toMatch(/^paged: /m);
    // core.pager, then PAGER, when GIT_PAGER is unset; cat means none.
    expect(onTerminal('git -c core.pager="sed s/^/core:\\ /" checkpoint list', { PAGER: 'sed s/^/env:\\ /' })).toMatch(/^core: /m);
    expect(onTerminal('git checkpoint list', { PAGER: 'sed s/^/env:\\ /' })).toMatch(/^env: /m);
    expect(onTerminal('git checkpoint list', { GIT_PAGER: 'cat' })).toContain('paged task');
    expect(onTerminal('git checkpoint list | cat', PAGER)).not.toContain('paged: ');
  });

  it('keeps colour under git -p, as git does for its own commands; not with color.pager=false', () => {
    const shown = onTerminal('git -p checkpoint list', { GIT_PAGER: 'cat -v' });
    expect(shown).toContain('^[[1m');
    expect(onTerminal('git -c color.pager=false -p checkpoint list', { GIT_PAGER: 'cat -v' })).not.toContain('^[[');
  });
});

describe('--color[=<when>]', () => {
  it('always, never and auto, before or after the command; a bad value names the allowed ones', async () => {
    const colored = async (args: string[]) => (await sb.ckpt(dir, args)).stdout.includes('\x1b[');
    expect(await colored(['--color', 'list'])).toBe(true);
    expect(await colored(['--color=always', 'list'])).toBe(true);
    expect(await colored(['list', '--color=always'])).toBe(true);
    expect(await colored(['list', '--color'])).toBe(true);
    expect(await colored(['list', '--color=never'])).toBe(false);
    expect(await colored(['list', '--color=auto'])).toBe(false);
    expect(await colored(['list'])).toBe(false);
    sb.git(dir, 'config', 'color.ui', 'always');
    expect(await colored(['list'])).toBe(true);
    expect(await colored(['list', '--color=auto'])).toBe(false);
    sb.git(dir, 'config', '--unset', 'color.ui');
    const bad = await sb.ckpt(dir, ['list', '--color=sometimes']);
    expect(bad.code).toBe(129);
    expect(bad.stderr).toContain("invalid value for '--color': 'sometimes' (expected always, never, auto)");
    expect(onTerminal('git checkpoint --no-pager list --color=auto')).toContain('\x1b[1m');
  });
});

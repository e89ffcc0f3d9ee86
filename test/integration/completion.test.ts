/**
 * Completion in a real bash with git's own completion loaded: the words a
 * user would get for `git checkpoint <TAB>` and `git-checkpoint <TAB>`,
 * driven through git's completion entry point as bash calls it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completionRepo } from '../helpers/completion-repo.js';
import { makeSandbox, type Sandbox } from '../helpers/sandbox.js';

const GIT_COMPLETION = ['/usr/share/bash-completion/completions/git', '/usr/share/git/completion/git-completion.bash'].find((f) => existsSync(f));

let sb: Sandbox;
let dir: string;
let ids: string[];
beforeAll(async () => {
  sb = makeSandbox();
  ({ dir, ids } = await completionRepo(sb));
});
afterAll(() => sb.cleanup());

/** The completions bash offers for each line (the cursor at its end), as bash splits words (`=` is a break). */
function complete(lines: string[]): string[][] {
  const driver = join(sb.root, 'complete.sh');
  writeFileSync(driver, [
    `source ${GIT_COMPLETION}`,
    'source <(git checkpoint completion bash)',
    'for line in "$@"; do',
    '  COMP_LINE=$line; COMP_POINT=${#line}',
    '  read -ra COMP_WORDS <<< "${line//=/ = }"',
    "  [[ $line == *' ' || $line == *= ]] && COMP_WORDS+=('')",
    '  COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=()',
    // The function bash runs for the command: git's own, or the one registered for git-checkpoint.
    '  fn=$(complete -p "${COMP_WORDS[0]}" | sed -E "s/.* -F ([^ ]+) .*/\\1/")',
    '  $fn',
    "  printf '%s\\n' \"${COMPREPLY[@]}\" | sort; echo '--'",
    'done',
  ].join('\n'));
  const res = spawnSync('bash', [driver, ...lines], { cwd: dir, env: sb.env, encoding: 'utf8', timeout: 120_000 });
  expect(res.status, res.stderr).toBe(0);
  return res.stdout.split('--\n').slice(0, -1).map((block) => block.split('\n').filter(Boolean).map((w) => w.trimEnd()));
}

describe.skipIf(!GIT_COMPLETION)('bash completion through git\'s', () => {
  it('completes commands, flags, flag values, checkpoint names, branches and remotes', () => {
    const [commands, sa, flags, statuses, statusEq, names, prefix, branches, remotes, agents, formats, standalone, globals] = complete([
      'git checkpoint ',
      'git checkpoint sa',
      'git checkpoint list --s',
      'git checkpoint save --status ',
      'git checkpoint save --status=d',
      'git checkpoint show ',
      `git checkpoint diff ${ids[1]!.slice(0, -1)}`,
      'git checkpoint switch ',
      'git checkpoint push ',
      'git checkpoint agent install c',
      'git checkpoint show latest --format ',
      'git-checkpoint re',
      'git checkpoint --no-',
    ]);
    expect(commands).toContain('save');
    expect(commands).toContain('completion');
    expect(commands).not.toContain('hook');
    expect(sa).toEqual(['save']);
    expect(flags).toEqual(['--since']);
    expect(statuses).toEqual(['blocked', 'deferred', 'done', 'in_progress']);
    expect(statusEq).toEqual(['deferred', 'done']);
    expect(names).toEqual(['alpha', 'latest', ...ids].sort());
    expect(prefix).toEqual([ids[1]]);
    expect(branches).toEqual(['feature/login', 'main']);
    expect(remotes).toEqual(['upstream']);
    expect(agents).toEqual(['claude', 'cline', 'codex', 'copilot', 'cursor']);
    expect(formats).toEqual(['json', 'md', 'recap']);
    expect(standalone).toEqual(['resume']);
    expect(globals).toEqual(['--no-color', '--no-pager']);
  });

  it('leaves file values to the shell', () => {
    writeFileSync(join(dir, 'notes-input.json'), '{}');
    const [files] = complete(['git checkpoint save --input notes-']);
    expect(files).toEqual(['notes-input.json']);
  });
});

describe('completion scripts', () => {
  it.each(['bash', 'zsh', 'fish'])('%s prints a script that asks git checkpoint __complete', async (shell) => {
    const res = await sb.ckpt(dir, ['completion', shell]);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('git checkpoint __complete');
  });

  it('refuses an unknown shell', async () => {
    const res = await sb.ckpt(dir, ['completion', 'tcsh']);
    expect(res.code).toBe(129);
    expect(res.stderr).toContain('expected a shell: bash, zsh, fish');
  });
});

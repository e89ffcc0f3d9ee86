/**
 * Completion in a real zsh and a real fish, each with its own git
 * completion: what a user gets at the cursor for `git checkpoint …` and
 * `git-checkpoint …`. zsh runs interactively on a pseudo-terminal (zsh/zpty)
 * and gets a real TAB; fish answers `complete -C`, its own scripted
 * completion. Skipped where the shell is not installed (.ci/run installs both).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completionRepo } from '../helpers/completion-repo.js';
import { makeSandbox, type Sandbox } from '../helpers/sandbox.js';

const has = (shell: string) => spawnSync(shell, ['-c', 'exit 0']).status === 0;

let sb: Sandbox;
let dir: string;
let ids: string[];
beforeAll(async () => {
  sb = makeSandbox();
  ({ dir, ids } = await completionRepo(sb));
  writeFileSync(join(dir, 'notes-input.json'), '{}');
});
afterAll(() => sb.cleanup());

/** What a user types, and what the shell must offer (sorted, every candidate). */
const cases = (): [string, string[]][] => [
  ['git checkpoint sa', ['save']],
  ['git checkpoint list --s', ['--since']],
  ['git checkpoint save --status ', ['blocked', 'deferred', 'done', 'in_progress']],
  ['git checkpoint save --status=d', ['--status=deferred', '--status=done']],
  ['git checkpoint show ', ['alpha', 'latest', ...ids].sort()],
  [`git checkpoint diff ${ids[1]!.slice(0, -1)}`, [ids[1]!]],
  ['git checkpoint switch ', ['feature/login', 'main']],
  ['git checkpoint push ', ['upstream']],
  ['git checkpoint agent install c', ['claude', 'cline', 'codex', 'copilot', 'cursor']],
  ['git checkpoint show latest --format ', ['json', 'md', 'recap']],
  ['git -C . checkpoint resume al', ['alpha']],
  ['git-checkpoint re', ['resume']],
  ['git checkpoint --no-', ['--no-color', '--no-pager']],
  ['git checkpoint save --input notes-', ['notes-input.json']],
];

/** The zsh driver: one interactive zsh on a pty; compadd records every candidate the completion adds. */
const ZSH_DRIVER = `zmodload zsh/zpty
local outdir=$1 setup=$2; shift 2
local n=0 out i=0
run() { (( n++ )); zpty -w z "$1; print ZC\\"\\"MARK$n"; zpty -r z out "*ZCMARK$n*" || { print -u2 "no answer: $1"; exit 1 } }
zpty z zsh -f -i
run "PS1='' PROMPT_EOL_MARK=''; $setup"
run 'compadd () { local -a __h; builtin compadd -A __h "$@"; (( $#__h )) && print -rl -- $__h >> $ZCOUT; builtin compadd "$@" }'
run "zstyle ':completion:*' menu no; LISTMAX=100000"
# TAB runs the completion as usual, then says it is done: input typed while it runs would cut it short.
run 'zc-tab () { zle expand-or-complete; : > $ZCOUT.done }; zle -N zc-tab; bindkey "^I" zc-tab'
for line in "$@"; do
  (( i++ ))
  run "ZCOUT=$outdir/$i; : > \\$ZCOUT"
  zpty -w -n z "$line"$'\\t'
  local waited=0
  # Reading what the shell prints meanwhile keeps a long listing from filling the terminal and blocking it.
  while [[ ! -e $outdir/$i.done ]] && (( waited++ < 1200 )); do zpty -r -t z out; sleep 0.05; done
  run $'\\C-e\\C-u:'
done
zpty -d z
`;

function zshComplete(setup: string, lines: string[]): string[][] {
  const out = join(sb.root, `zsh-${Math.random().toString(36).slice(2)}`);
  mkdirSync(out);
  const driver = join(sb.root, 'zcomplete.zsh');
  writeFileSync(driver, ZSH_DRIVER);
  const res = spawnSync('zsh', ['-f', driver, out, setup, ...lines], { cwd: dir, env: sb.env, encoding: 'utf8', timeout: 120_000 });
  expect(res.status, res.stderr).toBe(0);
  return lines.map((_, i) => [...new Set(readFileSync(join(out, String(i + 1)), 'utf8').split('\n').filter(Boolean))].sort());
}

function fishComplete(lines: string[]): string[][] {
  const script = join(sb.root, 'git-checkpoint.fish');
  writeFileSync(script, spawnSync('git', ['checkpoint', 'completion', 'fish'], { cwd: dir, env: sb.env, encoding: 'utf8' }).stdout);
  const res = spawnSync('fish', ['-c', `source ${script}; for l in $argv; complete -C $l; echo '@@'; end`, ...lines], {
    cwd: dir, env: { ...sb.env, XDG_CONFIG_HOME: join(sb.root, 'home', '.config'), XDG_DATA_HOME: join(sb.root, 'home', '.local') }, encoding: 'utf8', timeout: 120_000,
  });
  expect(res.status, res.stderr).toBe(0);
  // fish prints `candidate<TAB>description`.
  return res.stdout.split('@@\n').slice(0, -1).map((block) => [...new Set(block.split('\n').filter(Boolean).map((l) => l.split('\t')[0]!))].sort());
}

describe.skipIf(!has('zsh'))("zsh completion through git's", () => {
  it('completes commands, flags, flag values, checkpoint names, branches, remotes and files', () => {
    const all = cases();
    const got = zshComplete('autoload -U compinit; compinit -u -D; source <(git checkpoint completion zsh)', ['git checkpoint ', 'git chec', ...all.map(([line]) => line)]);
    const [commands, gitCommands, ...rest] = got;
    expect(commands).toEqual(expect.arrayContaining(['save', 'resume', 'completion']));
    expect(commands).not.toContain('hook');
    expect(gitCommands).toEqual(expect.arrayContaining(['checkout', 'checkpoint']));
    expect(Object.fromEntries(all.map(([line], i) => [line, rest[i]]))).toEqual(Object.fromEntries(all));
  }, 120_000);

  it('works as an autoloaded function on $fpath', () => {
    const fdir = join(sb.root, 'zfunctions');
    mkdirSync(fdir, { recursive: true });
    writeFileSync(join(fdir, '_git-checkpoint'), spawnSync('git', ['checkpoint', 'completion', 'zsh'], { cwd: dir, env: sb.env, encoding: 'utf8' }).stdout);
    const [show, standalone] = zshComplete(`fpath=(${fdir} $fpath); autoload -U compinit; compinit -u -D`, ['git checkpoint show ', 'git-checkpoint re']);
    expect(show).toEqual(['alpha', 'latest', ...ids].sort());
    expect(standalone).toEqual(['resume']);
  }, 60_000);
});

describe.skipIf(!has('fish'))("fish completion beside fish's git completion", () => {
  it('completes commands, flags, flag values, checkpoint names, branches, remotes and files', () => {
    const all = cases();
    const [commands, gitCommands, ...rest] = fishComplete(['git checkpoint ', 'git chec', ...all.map(([line]) => line)]);
    expect(commands).toEqual(expect.arrayContaining(['save', 'resume', 'completion']));
    expect(commands).not.toContain('hook');
    expect(gitCommands).toEqual(expect.arrayContaining(['checkout', 'checkpoint']));
    expect(Object.fromEntries(all.map(([line], i) => [line, rest[i]]))).toEqual(Object.fromEntries(all));
  }, 120_000);
});

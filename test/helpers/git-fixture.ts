/**
 * Builds repositories with the real `git` binary in a temporary directory, for
 * integration tests. Isolated from the user's setup: its own HOME, a global
 * config file of its own, no system config, and fixed dates, so commit ids are
 * the same on every run (and the same as iso-fixture.ts builds from one spec).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { FIXTURE_AUTHOR, fixtureTime, type FixtureSpec } from '../contract/repo-contract.js';

export interface GitOptions {
  /** Standard input for git. */
  input?: string;
  /** Extra environment on top of the fixture's. */
  env?: Record<string, string>;
  /** Return stdout even when git exits non-zero (default: throw with its stderr). */
  allowFailure?: boolean;
}

export interface GitFixture {
  /** The working tree (a real path: symlinks in the temp dir resolved). */
  dir: string;
  /** The isolated environment every git call here uses; pass it to `openCliRepo`. */
  env: Record<string, string>;
  /** Runs `git <args>` in `dir` and returns its stdout. */
  git(args: string[], opts?: GitOptions): string;
  /** Writes a working-tree file, creating its directories. */
  writeFile(path: string, content: string): void;
  /** Removes everything this fixture created. */
  cleanup(): void;
}

/** `@<seconds> +0000`: git's raw date format. */
const gitDate = (seconds: number) => `@${seconds} +0000`;

/**
 * Makes a repository with `git init -b main` from `spec`, applied in the order
 * FixtureSpec documents (commits, config, staged, files, removed, detached).
 */
export function makeGitRepo(spec: FixtureSpec = {}): GitFixture {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'git-checkpoint-test-')));
  const dir = join(root, 'repo');
  const env = isolatedEnv(root);
  mkdirSync(dir);
  const git = (args: string[], opts: GitOptions = {}) => runGit(dir, { ...env, ...opts.env }, args, opts);
  const writeFile = (path: string, content: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  };
  const fixture: GitFixture = { dir, env, git, writeFile, cleanup: () => rmSync(root, { recursive: true, force: true }) };
  try {
    build(fixture, spec);
  } catch (err) {
    fixture.cleanup();
    throw err;
  }
  return fixture;
}

function build({ dir, git, writeFile }: GitFixture, spec: FixtureSpec): void {
  git(['init', '-q', '-b', 'main']);
  for (const [i, commit] of (spec.commits ?? []).entries()) {
    for (const [path, content] of Object.entries(commit.files)) writeFile(path, content);
    git(['add', '--', ...Object.keys(commit.files)]);
    const date = gitDate(fixtureTime(i));
    git(['commit', '-q', '--no-verify', '-m', commit.message], { env: { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } });
  }
  for (const [key, value] of Object.entries(spec.config ?? {})) {
    for (const one of [value].flat()) git(['config', '--add', key, one]);
  }
  const staged = Object.entries(spec.staged ?? {});
  for (const [path, content] of staged) writeFile(path, content);
  if (staged.length) git(['add', '--', ...staged.map(([path]) => path)]);
  for (const [path, content] of Object.entries(spec.files ?? {})) writeFile(path, content);
  for (const [path, target] of Object.entries(spec.symlinks ?? {})) symlinkSync(target, join(dir, path));
  for (const path of spec.removed ?? []) rmSync(join(dir, path));
  if (spec.detached) git(['checkout', '-q', '--detach']);
}

function isolatedEnv(root: string): Record<string, string> {
  const home = join(root, 'home');
  const globalConfig = join(root, 'gitconfig');
  mkdirSync(home);
  writeFileSync(
    globalConfig,
    `[user]\n\tname = ${FIXTURE_AUTHOR.name}\n\temail = ${FIXTURE_AUTHOR.email}\n` +
      '[init]\n\tdefaultBranch = main\n[commit]\n\tgpgSign = false\n[core]\n\tautocrlf = false\n',
  );
  return {
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    GIT_CONFIG_GLOBAL: globalConfig,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_AUTHOR_DATE: gitDate(fixtureTime(0)),
    GIT_COMMITTER_DATE: gitDate(fixtureTime(0)),
    GIT_TERMINAL_PROMPT: '0',
    LC_ALL: 'C',
  };
}

function runGit(cwd: string, env: Record<string, string>, args: string[], opts: GitOptions): string {
  const res = spawnSync('git', args, { cwd, env, input: opts.input, encoding: 'utf8' });
  if (res.error) throw res.error;
  if (res.status !== 0 && !opts.allowFailure) {
    throw new Error(`git ${args.join(' ')} failed (${res.status}): ${res.stderr.trim()}`);
  }
  return res.stdout;
}

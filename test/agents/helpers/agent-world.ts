/**
 * One agent's world for a real-agent test: a temporary root with its own
 * HOME and XDG folders, isolated git config, a repository, and
 * `git-checkpoint` on PATH as a thin shim around the built bundle that
 * records, for every hook the agent runs, its input (the agent's real
 * payload), its exit code and its wall time. The agent runs in its own
 * process group under a deadline; whatever is left is killed.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUNDLE } from '../../helpers/sandbox.js';
import { killUnder, leftoversAfter, type Leftover } from '../../helpers/processes.js';

export interface HookRun {
  /** `agent-pre-compact`, `agent-session-start`, `mcp`, … (the subcommand after `hook`, or the command). */
  kind: string;
  agent: string | null;
  /** What followed the agent's name (`--recap`). */
  flags: string[];
  code: number;
  wallMs: number;
  /** The JSON the agent wrote on the hook's stdin (hooks only). */
  input: Record<string, unknown> | null;
  endedAt: number;
}

export interface AgentRun {
  code: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
  wallMs: number;
  timedOut: boolean;
}

export interface AgentWorld {
  root: string;
  home: string;
  repo: string;
  env: Record<string, string>;
  git(...args: string[]): string;
  ckpt(...args: string[]): string;
  /** Checkpoints as `git checkpoint list --json` lists them, newest first. */
  checkpoints(): { id: string; title: string; branch: string }[];
  /** Runs the agent's CLI (its own process group), killed after `timeoutMs`. */
  run(bin: string, args: string[], opts?: { env?: Record<string, string>; input?: string | ((write: (s: string) => void, end: () => void) => void); timeoutMs?: number }): Promise<AgentRun>;
  /** The git-checkpoint runs the shim recorded, oldest first. */
  hookRuns(): HookRun[];
  leftovers(): Promise<Leftover[]>;
  cleanup(): void;
}

const SHIM = (bundle: string, log: string) => `#!/bin/sh
# Records each git-checkpoint run: start and end (ns), exit code, argv; a hook's stdin is kept.
start=$(date +%s%N)
if [ "$1" = hook ]; then
  tee "${log}/$start.in" | node "${bundle}" "$@"
  code=$?
else
  node "${bundle}" "$@"
  code=$?
fi
printf '%s %s %s %s\\n' "$start" "$(date +%s%N)" "$code" "$*" >> "${log}/runs"
exit $code
`;

export function makeAgentWorld(name: string): AgentWorld {
  const root = mkdtempSync(join(tmpdir(), `gcp-agent-${name}-`));
  const home = join(root, 'home');
  const bin = join(root, 'bin');
  const log = join(root, 'hook-log');
  const repo = join(root, 'repo');
  for (const d of [home, bin, log, repo]) mkdirSync(d, { recursive: true });
  writeFileSync(join(bin, 'git-checkpoint'), SHIM(BUNDLE, log));
  chmodSync(join(bin, 'git-checkpoint'), 0o755);
  const gitconfig = join(home, '.gitconfig');
  writeFileSync(gitconfig, '[user]\n\tname = Ada Lovelace\n\temail = ada@example.com\n[init]\n\tdefaultBranch = main\n');
  const env: Record<string, string> = {
    PATH: `${bin}:${process.env.PATH ?? '/usr/bin:/bin'}`,
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
    XDG_STATE_HOME: join(home, '.local', 'state'),
    XDG_CACHE_HOME: join(home, '.cache'),
    TMPDIR: join(root, 'tmp'),
    GIT_CONFIG_GLOBAL: gitconfig,
    GIT_CONFIG_NOSYSTEM: '1',
    LANG: 'C.UTF-8',
    TZ: 'UTC',
    TERM: 'dumb',
    NO_COLOR: '1',
    CI: '1',
  };
  mkdirSync(env.TMPDIR!, { recursive: true });
  const git = (...args: string[]) => {
    const res = spawnSync('git', args, { cwd: repo, env, encoding: 'utf8', timeout: 30_000 });
    if (res.status !== 0) throw new Error(`git ${args.join(' ')} failed (${res.status}): ${res.stderr}`);
    return res.stdout;
  };
  git('init', '-q', '-b', 'main');
  writeFileSync(join(repo, 'README.md'), '# uploader\n');
  mkdirSync(join(repo, 'src'));
  writeFileSync(join(repo, 'src', 'up.ts'), 'export function upload() {}\n');
  git('add', '.');
  git('commit', '-q', '-m', 'initial commit');
  return {
    root, home, repo, env, git,
    ckpt: (...args) => git('checkpoint', ...args),
    checkpoints: () => JSON.parse(git('checkpoint', 'list', '--json')).checkpoints,
    run: (cmd, args, opts = {}) => runAgent(cmd, args, repo, { ...env, ...opts.env }, opts.input, opts.timeoutMs ?? 120_000),
    hookRuns: () => readRuns(log),
    leftovers: () => leftoversAfter(root, 3000),
    cleanup: () => {
      killUnder(root);
      rmSync(root, { recursive: true, force: true });
    },
  };
}

function readRuns(log: string): HookRun[] {
  const file = join(log, 'runs');
  if (!existsSync(file)) return [];
  const inputs = new Set(readdirSync(log));
  return readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).map((line) => {
    const [start, end, code, ...argv] = line.split(' ');
    const isHook = argv[0] === 'hook';
    let input: Record<string, unknown> | null = null;
    if (isHook && inputs.has(`${start}.in`)) {
      try {
        input = JSON.parse(readFileSync(join(log, `${start}.in`), 'utf8'));
      } catch {
        input = null;
      }
    }
    return {
      kind: isHook ? argv[1]! : argv[0]!,
      agent: isHook ? argv[2] ?? null : null,
      flags: isHook ? argv.slice(3) : [],
      code: Number(code),
      wallMs: Number((BigInt(end!) - BigInt(start!)) / 1_000_000n),
      input,
      endedAt: Number(BigInt(end!) / 1_000_000n),
    };
  });
}

function runAgent(
  cmd: string, args: string[], cwd: string, env: Record<string, string>,
  input: string | ((write: (s: string) => void, end: () => void) => void) | undefined, timeoutMs: number,
): Promise<AgentRun> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(cmd, args, { cwd, env, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const killGroup = () => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // Gone already.
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, timeoutMs);
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.stdin.on('error', () => {});
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      // What the agent started and left behind (an MCP server, a hook) goes with it.
      killGroup();
      resolve({ code, signal, stdout, stderr, wallMs: Date.now() - started, timedOut });
    });
    if (typeof input === 'function') input((s) => child.stdin.write(s), () => child.stdin.end());
    else child.stdin.end(input ?? '');
  });
}

/** Every hook run of `kind`, with its wall time; the suite's budget check reads these. */
export function hooksOf(runs: HookRun[], kind: string): HookRun[] {
  return runs.filter((r) => r.kind === kind);
}

/** The longest wall time of any agent hook in `runs` (ms), for the budget check. */
export function slowestHook(runs: HookRun[]): number {
  return Math.max(0, ...runs.filter((r) => r.kind.startsWith('agent-')).map((r) => r.wallMs));
}

/** SPEC §11: an agent hook's wall-clock budget. */
export const HOOK_BUDGET_MS = 10_000;

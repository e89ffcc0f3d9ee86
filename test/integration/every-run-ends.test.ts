/**
 * Every run ends (SPEC §11), tested through the built bin as a user runs it:
 * `git checkpoint <command>` over a matrix of commands and broken states, and
 * every agent hook over the inputs agents really send and the ones they get
 * wrong. Each run must end within its bound and leave no git or node process
 * behind (looked up by working directory); an in-process run() could not show
 * either. Signals mid-save end the run with git's codes and a clean repository.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountSupport, readOnlyView, type Mount } from '../helpers/mounts.js';
import { killUnder, leftoversAfter } from '../helpers/processes.js';
import { BUNDLE, makeSandbox, runProcess, TIMED_OUT, type RunResult, type Sandbox } from '../helpers/sandbox.js';

let sb: Sandbox;
beforeAll(() => {
  sb = makeSandbox();
  // Discovery never climbs out of the sandbox: "outside a repository" is outside.
  sb.env.GIT_CEILING_DIRECTORIES = sb.root;
});
const mounts: Mount[] = [];
afterAll(() => {
  killUnder(sb.root);
  for (const m of mounts) m.release();
  sb.cleanup();
});

/** A bound far over any of these runs on a loaded two-core machine, far under "never ends". */
const BOUND_MS = 20_000;

/**
 * Runs `git checkpoint …` in `dir`; fails the test when it outlives its bound or leaves a process in `dir`.
 * `direct`: the bin itself, without git in front (git puts its own directory first on PATH, so a
 * stand-in git on PATH reaches the tool only this way).
 */
async function endsCleanly(dir: string, args: string[], opts: { input?: string; env?: Record<string, string>; cwd?: string; direct?: boolean } = {}): Promise<RunResult> {
  const res = opts.direct
    ? await runProcess(process.execPath, [BUNDLE, ...args], opts.cwd ?? dir, { ...sb.env, ...opts.env }, opts.input, BOUND_MS)
    : await sb.ckpt(opts.cwd ?? dir, args, { input: opts.input, env: opts.env, timeoutMs: BOUND_MS });
  const left = await leftoversAfter(dir);
  killUnder(dir);
  expect(res.code, `git checkpoint ${args.join(' ')} never ended\n${res.stderr}`).not.toBe(TIMED_OUT);
  expect(left, `git checkpoint ${args.join(' ')} left processes running`).toEqual([]);
  return res;
}

function writerOf(dir: string): string {
  return sb.git(dir, 'config', 'checkpoint.writer').trim();
}

/** A repository with one checkpoint and uncommitted work: what most commands have to chew on. */
async function savedRepo(name: string): Promise<string> {
  const dir = sb.repo(name);
  writeFileSync(join(dir, 'draft.txt'), 'half done\n');
  const res = await sb.ckpt(dir, ['save', '-q', '-m', 'first']);
  expect(res.code, res.stderr).toBe(0);
  return dir;
}

const STATES: Record<string, () => Promise<string>> = {
  'a saved repository': () => savedRepo('ok'),
  'a bad boolean in checkpoint.wip': async () => {
    const dir = await savedRepo('bad-bool');
    sb.git(dir, 'config', 'checkpoint.wip', 'maybe');
    return dir;
  },
  'a bad checkpoint.writer': async () => {
    const dir = await savedRepo('bad-writer');
    sb.git(dir, 'config', 'checkpoint.writer', 'not a writer');
    return dir;
  },
  'a bad size and a bad glob': async () => {
    const dir = await savedRepo('bad-size');
    sb.git(dir, 'config', 'checkpoint.maxFileSize', 'lots');
    sb.git(dir, 'config', 'checkpoint.exclude', '[');
    return dir;
  },
  'outside any repository': async () => {
    const dir = join(sb.root, 'plain');
    mkdirSync(dir);
    return dir;
  },
  'a bare repository': async () => {
    const dir = join(sb.root, 'bare.git');
    sb.git(sb.root, 'init', '-q', '--bare', dir);
    return dir;
  },
  'the chain lock held': async () => {
    const dir = await savedRepo('chain-lock');
    writeFileSync(join(dir, '.git', 'refs', 'checkpoints', `${writerOf(dir)}.lock`), '');
    return dir;
  },
  'a read-only .git': async () => {
    const dir = await savedRepo('read-only');
    // As root, permission bits are ignored: the git dir is mounted read-only over itself.
    mounts.push(readOnlyView(join(dir, '.git'), join(dir, '.git')));
    return dir;
  },
  'corrupt files under .git/checkpoint': async () => {
    const dir = await savedRepo('corrupt');
    await sb.ckpt(dir, ['list', '-q']);
    const own = join(dir, '.git', 'checkpoint');
    const names = new Set([...readdirSync(own), 'list-cache.jsonl', 'list-view.json', 'agent-sessions', 'last', 'installed.json']);
    for (const name of names) {
      const path = join(own, name);
      if (!statSync(path, { throwIfNoEntry: false })?.isDirectory()) writeFileSync(path, '\0{not json\n\xff');
    }
    return dir;
  },
};

/** Every command on its success, no-op, early-return, error and usage paths. */
const COMMANDS: string[][] = [
  ['save', '-m', 'again'], ['save', '--file', 'missing.txt', '-m', 'x'], ['save', '-h'], ['list'], ['list', '--bogus'],
  ['show'], ['show', 'nosuchname'], ['resume'], ['status'], ['diff'], ['apply'], ['log'], ['synthesize', 'latest'],
  ['push'], ['fetch'], ['install'], ['uninstall'], ['switch', 'no-such-branch'], ['prune', '--keep', '1', '--dry-run'],
  ['doctor'], ['config'], ['completion', 'bash'], ['__complete', 'sh'], ['--help'], ['nosuchcommand'], ['--version'],
  ['hook', 'post-checkout', '0'.repeat(40), '1'.repeat(40), '1'], ['hook', 'pre-push', 'origin', 'nowhere'], ['mcp'],
  ['drop', 'latest'], ['hook', 'agent-pre-compact', 'opencode', '--recap'],
];

describe.concurrent('every command ends in every state, leaving nothing running', () => {
  for (const [state, make] of Object.entries(STATES)) {
    const cannot = state === 'a read-only .git' ? mountSupport() : null;
    it.skipIf(cannot !== null)(cannot ? `${state} (${cannot})` : state, async () => {
      const dir = await make();
      for (const args of COMMANDS) await endsCleanly(dir, args);
    });
  }
});

describe('a bad config value is fatal and the run still ends at once', () => {
  it('save with checkpoint.wip=maybe and with a bad writer: exit 128, named, ended', async () => {
    const dir = await savedRepo('fatal-config');
    sb.git(dir, 'config', 'checkpoint.wip', 'maybe');
    const bool = await endsCleanly(dir, ['save', '-m', 'x']);
    expect([bool.code, bool.stderr]).toEqual([128, expect.stringContaining("'checkpoint.wip'")]);
    sb.git(dir, 'config', '--unset', 'checkpoint.wip');
    sb.git(dir, 'config', 'checkpoint.writer', 'bad writer');
    const writer = await endsCleanly(dir, ['save', '-m', 'x']);
    expect([writer.code, writer.stderr]).toEqual([128, expect.stringContaining("'checkpoint.writer'")]);
  });
});

describe('every pattern ends on any text', () => {
  // A pattern that can split a run every way (`(\d+[a-z]*)*` over 40 digits) tries 2^40 ways before it fails: such a note would
  // hold the save forever. The texts a pump of every pattern found; the save ends and stores them.
  it('agent install and uninstall end on a config.toml with our table, many blank lines, then a key the person added', async () => {
    const dir = await savedRepo('toml-blank-lines');
    const file = join(sb.env.HOME!, '.codex', 'config.toml');
    mkdirSync(join(sb.env.HOME!, '.codex'), { recursive: true });
    const text = `model = "o3"\n[mcp_servers.git-checkpoint]\ncommand = "git"\nargs = ["checkpoint", "mcp"]\n${'\n'.repeat(40)}startup_timeout_sec = 20\n`;
    writeFileSync(file, text);
    const off = await endsCleanly(dir, ['agent', 'uninstall', 'codex', '--mcp', '--json']);
    expect(off.code, off.stderr).toBe(0);
    const on = await endsCleanly(dir, ['agent', 'install', 'codex', '--mcp', '--json']);
    expect(on.code, on.stderr).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it('agent install ends on a config.toml with an [mcp_servers] table, then a hundred thousand blank lines', async () => {
    // (A test of each line's start that reads the blank lines after it, `^\s*`, read them all again at every line: minutes.)
    const dir = await savedRepo('toml-many-lines');
    const file = join(sb.env.HOME!, '.codex', 'config.toml');
    mkdirSync(join(sb.env.HOME!, '.codex'), { recursive: true });
    const text = `[mcp_servers]\n${'\n'.repeat(100_000)}other = { command = "x" }\n`;
    writeFileSync(file, text);
    const on = await endsCleanly(dir, ['agent', 'install', 'codex', '--mcp', '--json']);
    expect(on.code, on.stderr).toBe(0);
    expect(readFileSync(file, 'utf8')).toMatch(/^\[mcp_servers\]\n{100001}other = .*\n\n\[mcp_servers\.git-checkpoint\]\n/);
  });

  it('a save whose note holds runs a pattern could split every way ends, and redacts what it must', async () => {
    const dir = await savedRepo('redaction-ends');
    // (… and a random lower-case run with a capital at its end, which a test of words in camelCase could split into words of three
    // letters and more every way.)
    const random = 'phnzrnwxczgfzckbcrxvscqmgwcvdbsswvvsbjfrkhtjwpgmplhvqkspkpgcp1Ab';
    const note = [`Passwd=sPwo${'0'.repeat(40)}=`, `key=sPwo${'0'.repeat(40)}@`, `api_key=aB${'0'.repeat(40)}!`, 'DB_PASSWORD=Xk29fLmQ8vRtA1zz', `GENIUS=${random}`].join('\n');
    const res = await endsCleanly(dir, ['save', '-q', '-m', 'pumped', '--note', note]);
    expect(res.code, res.stderr).toBe(0);
    const shown = await endsCleanly(dir, ['show', '--json']);
    expect(shown.stdout).toContain('DB_PASSWORD=[REDACTED:password]');
    expect(shown.stdout).not.toContain('Xk29fLmQ8vRtA1zz');
    expect(shown.stdout).not.toContain(random);
  });
});

const AGENTS = ['claude', 'codex', 'gemini', 'cursor', 'copilot', 'cline', 'opencode'];

/** One payload read by every adapter: each takes the fields its agent sends. */
function payload(cwd: string, transcript: string | null, session: string): string {
  return JSON.stringify({
    session_id: session, sessionId: session, conversation_id: session, taskId: session,
    transcript_path: transcript, transcriptPath: transcript, preCompact: { contextJsonPath: transcript },
    cwd, workspace_roots: [cwd], workspaceRoots: [cwd], hook_event_name: 'PreCompact', trigger: 'auto', source: 'compact',
  });
}

describe.concurrent('every agent hook ends within its budget on the inputs agents send and get wrong', () => {
  for (const agent of AGENTS) {
    it(agent, async () => {
      const dir = await savedRepo(`agent-${agent}`);
      const elsewhere = join(sb.root, `elsewhere-${agent}`);
      mkdirSync(elsewhere);
      const fifo = join(sb.root, `fifo-${agent}`);
      spawnSyncOk('mkfifo', [fifo]);
      const cases: [string, { input: string; cwd?: string }][] = [
        ['no transcript', { input: payload(dir, join(dir, 'no-such-transcript.jsonl'), 's1') }],
        ['empty stdin', { input: '' }],
        ['garbage', { input: '{"not": json' }],
        ['payload cwd elsewhere', { input: payload('/', null, 's2') }],
        ['run from another directory', { input: payload(dir, null, 's3'), cwd: elsewhere }],
        ['nothing changed, first', { input: payload(dir, null, 's4') }],
        ['nothing changed, again', { input: payload(dir, null, 's4') }],
        ['a FIFO for a transcript', { input: payload(dir, fifo, 's5') }],
      ];
      // (The plugins' save answers with the recap, `--recap`: the same cases.)
      const hooks = [['agent-pre-compact'], ['agent-session-start'], ...(['cline', 'opencode'].includes(agent) ? [['agent-pre-compact', '--recap']] : [])];
      for (const [hook, ...flags] of hooks) {
        for (const [what, c] of cases) {
          const started = performance.now();
          const res = await endsCleanly(dir, ['hook', hook!, agent, ...flags], c);
          const ms = performance.now() - started;
          expect(res.code, `${hook} ${agent}: ${what}\n${res.stderr}`).toBe(0);
          // The default budget is 10 s; none of these has a reason to come near it.
          expect(ms, `${hook} ${agent}: ${what}`).toBeLessThan(8_000);
        }
      }
    });
  }
});

describe('the agent hook budget', () => {
  it('a stalled git: the hook gives up at checkpoint.agentHookTimeout, exits 0, stops git, and doctor reports it', async () => {
    const dir = await savedRepo('stalled');
    sb.git(dir, 'config', 'checkpoint.agentHookTimeout', '1.5');
    const slow = join(sb.root, 'slow-git');
    mkdirSync(slow);
    // A git whose status never answers (a hung network file system, a held lock), and whose process is the stall itself.
    writeFileSync(join(slow, 'git'), `#!/bin/sh\n[ "$1" = status ] && exec sleep 120\nexec ${gitPath()} "$@"\n`);
    chmodSync(join(slow, 'git'), 0o755);
    const env = { PATH: `${slow}:${sb.env.PATH}` };
    const started = performance.now();
    const res = await endsCleanly(dir, ['hook', 'agent-pre-compact', 'claude'], { input: payload(dir, null, 'slow'), env, direct: true });
    const ms = performance.now() - started;
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('gave up after 1.5 s');
    expect(ms).toBeGreaterThan(1400);
    expect(ms).toBeLessThan(6000);
    const doctor = await endsCleanly(dir, ['doctor']);
    expect(doctor.stdout + doctor.stderr).toContain('gave up after 1.5 s');
  });

  it('a hook never exits 2 for its own trouble, and a bad budget value falls back to the default with a warning', async () => {
    const dir = await savedRepo('bad-budget');
    sb.git(dir, 'config', 'checkpoint.agentHookTimeout', 'soon');
    const res = await endsCleanly(dir, ['hook', 'agent-pre-compact', 'claude'], { input: payload(dir, null, 'b') });
    expect(res.code).toBe(0);
    expect(res.stderr).toContain("bad config value 'soon' for 'checkpoint.agentHookTimeout'");
  });
});

function gitPath(): string {
  const res = spawnSyncOk('sh', ['-c', 'command -v git']);
  return res.trim();
}

function spawnSyncOk(cmd: string, args: string[]): string {
  const res = spawnSync(cmd, args, { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`${cmd} failed: ${res.stderr}`);
  return res.stdout;
}

/** Starts `node bin save …` (its own pid, to signal) and sends `signal` after `delayMs`. */
function saveInterrupted(dir: string, signal: NodeJS.Signals, delayMs: number, env: Record<string, string> = {}): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [BUNDLE, 'save', '-q', '-m', 'interrupted'], { cwd: dir, env: { ...sb.env, ...env }, stdio: 'ignore' });
    const timer = setTimeout(() => child.kill(signal), delayMs);
    const bound = setTimeout(() => child.kill('SIGKILL'), BOUND_MS);
    child.on('error', reject);
    child.on('exit', (code, sig) => {
      clearTimeout(timer);
      clearTimeout(bound);
      resolvePromise({ code, signal: sig });
    });
  });
}

/** What an interrupted run must never leave: temporary indexes, staged files, temporary objects, locks. */
function temporaryFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string, rel: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const path = `${rel}${e.name}`;
      if (e.isDirectory()) walk(join(d, e.name), `${path}/`);
      else if (/^tmp_obj_|^tmp-index|\.tmp$|\.lock$|^apply-/.test(e.name)) out.push(path);
    }
  };
  walk(join(dir, '.git'), '.git/');
  return out;
}

describe('signals end a save with git\'s codes and a clean repository', () => {
  it('SIGTERM, SIGINT and SIGHUP while git works for the save: the signal ends it, git is stopped, nothing half-written', async () => {
    const dir = await savedRepo('signals');
    const slow = join(sb.root, 'slow-status');
    mkdirSync(slow);
    writeFileSync(join(slow, 'git'), `#!/bin/sh\n[ "$1" = status ] && exec sleep 120\nexec ${gitPath()} "$@"\n`);
    chmodSync(join(slow, 'git'), 0o755);
    const before = sb.git(dir, 'rev-parse', `refs/checkpoints/${writerOf(dir)}`).trim();
    for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
      const res = await saveInterrupted(dir, signal, 700, { PATH: `${slow}:${sb.env.PATH}` });
      expect(res, signal).toEqual({ code: null, signal });
      expect(await leftoversAfter(dir), signal).toEqual([]);
      expect(temporaryFiles(dir), signal).toEqual([]);
    }
    expect(sb.git(dir, 'rev-parse', `refs/checkpoints/${writerOf(dir)}`).trim()).toBe(before);
  });

  it('SIGTERM at any moment of a save with a large snapshot leaves the old chain or a whole new checkpoint, and git fsck is clean', async () => {
    const dir = await savedRepo('signals-large');
    mkdirSync(join(dir, 'many'));
    for (let i = 0; i < 1500; i++) writeFileSync(join(dir, 'many', `f${i}.txt`), `file ${i}\n`.repeat(20));
    const ref = `refs/checkpoints/${writerOf(dir)}`;
    const seen = new Set<string>();
    for (const delay of [60, 120, 180, 240, 320, 420, 560, 800]) {
      const before = sb.git(dir, 'rev-parse', ref).trim();
      const res = await saveInterrupted(dir, 'SIGTERM', delay);
      expect([0, null]).toContain(res.code);
      expect(await leftoversAfter(dir)).toEqual([]);
      expect(temporaryFiles(dir)).toEqual([]);
      const after = sb.git(dir, 'rev-parse', ref).trim();
      seen.add(after === before ? 'old' : 'new');
      if (after !== before) {
        // A new tip is a whole checkpoint: its record reads back, and its first parent is the old tip.
        expect(sb.git(dir, 'rev-parse', `${after}^1`).trim()).toBe(before);
        expect(JSON.parse(sb.git(dir, 'show', `${after}:checkpoint.json`)).task.title).toBe('interrupted');
      }
      sb.git(dir, 'fsck', '--strict', '--no-dangling');
    }
    const list = await endsCleanly(dir, ['list', '--json']);
    expect(list.code).toBe(0);
    // At least one run was stopped before its chain moved: the bound tests both outcomes on most machines.
    expect(seen.has('old') || seen.has('new')).toBe(true);
  });

  it('Ctrl-C while the editor runs is the editor\'s; SIGTERM then ends both', async () => {
    const dir = await savedRepo('editor-signals');
    const editor = join(sb.root, 'slow-editor');
    const started = join(sb.root, 'editor-started');
    // An editor that handles Ctrl-C itself (as vi does), says it started, takes its time, then writes a title.
    writeFileSync(editor, `#!/bin/sh\ntrap '' INT\ntouch '${started}'\nsleep 1\nsed -i 's/^Describe the task here$/written after an interrupt/' "$1"\n`);
    chmodSync(editor, 0o755);
    const run = (signal: NodeJS.Signals) => new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => {
      rmSync(started, { force: true });
      const child = spawn(process.execPath, [BUNDLE, 'save', '-q', '-e'], { cwd: dir, env: { ...sb.env, GIT_EDITOR: editor }, stdio: 'ignore' });
      // The signal comes while the editor runs, however long the save took to get there.
      const poll = setInterval(() => {
        if (!existsSync(started)) return;
        clearInterval(poll);
        child.kill(signal);
      }, 20);
      const bound = setTimeout(() => child.kill('SIGKILL'), BOUND_MS);
      child.on('exit', (code, sig) => {
        clearInterval(poll);
        clearTimeout(bound);
        done({ code, signal: sig });
      });
    });
    expect(await run('SIGINT')).toEqual({ code: 0, signal: null });
    expect(JSON.parse(sb.git(dir, 'show', `refs/checkpoints/${writerOf(dir)}:checkpoint.json`)).task.title).toBe('written after an interrupt');
    expect(await run('SIGTERM')).toEqual({ code: null, signal: 'SIGTERM' });
    expect(await leftoversAfter(dir)).toEqual([]);
  });

  it('a reader that goes away ends the run quietly (git\'s 141), with nothing left running', async () => {
    const dir = await savedRepo('epipe');
    for (let i = 0; i < 30; i++) expect((await sb.ckpt(dir, ['save', '-q', '-m', `step ${i} ${'x'.repeat(200)}`])).code).toBe(0);
    const res = await runProcess('bash', ['-c', 'git checkpoint list -n 30 | head -c 10 >/dev/null; echo "${PIPESTATUS[0]}"'], dir, sb.env, undefined, BOUND_MS);
    expect([res.stdout.trim(), res.stderr]).toEqual([expect.stringMatching(/^(0|141)$/), '']);
    expect(await leftoversAfter(dir)).toEqual([]);
  });
});

// A seeded kill -9 campaign (SPEC §9 "nothing is lost"): `push`, `fetch`,
// `prune`, `drop`, `apply`, `install`, `uninstall` and `doctor --fix`, each
// SIGKILLed with its whole process group (git children included) at a random
// moment, over and over in one repository. After every kill it counts:
//   lost checkpoints — a checkpoint saved earlier, that no prune or drop
//     aimed at, missing from `list --local`, or a repository `git fsck
//     --strict` rejects;
//   half-installed states — after a killed install (uninstall), the next
//     install (uninstall) does not leave it fully installed (clean), or a
//     hook file that is not the whole shipped script;
//   truncated files — a file `apply` was writing that is neither as before
//     nor as in the checkpoint, or a temporary file the next run left behind.
// Not part of `npm test` (minutes long): `npm run test:long [-- --kills N --seed S]`
// (N kills that landed mid-run; default 320).
// Exits 1 when any count is not 0.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seededRandom } from '../../bench/lib.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const BUNDLE = join(ROOT, 'bin', 'git-checkpoint.cjs');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const KILLS = arg('kills', 320);
const SEED = arg('seed', 20261130);
const OPS = ['push', 'fetch', 'prune', 'drop', 'apply', 'install', 'uninstall', 'doctor'];

const random = seededRandom(SEED);

const root = mkdtempSync(join(tmpdir(), 'gcp-kills-'));
const home = join(root, 'home');
const bin = join(root, 'bin');
mkdirSync(home);
mkdirSync(bin);
symlinkSync(BUNDLE, join(bin, 'git-checkpoint'));
writeFileSync(join(home, '.gitconfig'), '[user]\n\tname = Kill Campaign\n\temail = kills@example.com\n[init]\n\tdefaultBranch = main\n');
const env = {
  PATH: `${bin}:${process.env.PATH ?? '/usr/bin:/bin'}`, HOME: home, GIT_CONFIG_GLOBAL: join(home, '.gitconfig'),
  GIT_CONFIG_NOSYSTEM: '1', LANG: 'C.UTF-8', TZ: 'UTC',
};

function git(cwd, ...args) {
  const res = spawnSync('git', args, { cwd, env, encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`git ${args.join(' ')}: ${res.stderr}`);
  return res.stdout;
}
function ckpt(cwd, ...args) {
  const res = spawnSync(process.execPath, [BUNDLE, ...args], { cwd, env, encoding: 'utf8', maxBuffer: 1 << 26 });
  return { code: res.status, stdout: res.stdout, stderr: res.stderr };
}
function must(cwd, ...args) {
  let res = ckpt(cwd, ...args);
  // A git killed while writing the config leaves its lock, as git always does: the command must say so and
  // name it; the user then removes it (as its hint says) and runs the command again.
  const file = /could not lock config file (.+?): File exists/.exec(res.stderr)?.[1];
  if (res.code !== 0 && file && existsSync(join(cwd, `${file}.lock`))) {
    counts.staleGitLocks++;
    if (!res.stderr.includes(`hint: wait for the other git process using ${file}.lock, or remove it`)) { counts.lockWithoutHint++; problems.push(`${args.join(' ')}: a stale ${file}.lock without its hint`); }
    rmSync(join(cwd, `${file}.lock`));
    res = ckpt(cwd, ...args);
  }
  if (res.code !== 0) throw new Error(`git checkpoint ${args.join(' ')} exited ${res.code}: ${res.stderr}`);
  return res;
}
/** Runs the command as its own process group and SIGKILLs the group after `delay` ms; resolves with the ms it ran. */
function killedRun(cwd, args, delay) {
  const started = Date.now();
  const child = spawn(process.execPath, [BUNDLE, ...args], { cwd, env, stdio: 'ignore', detached: true });
  const timer = delay === null ? null : setTimeout(() => {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch { /* finished already */ }
  }, delay);
  return new Promise((resolve) => child.on('close', (code, signal) => {
    if (timer) clearTimeout(timer);
    resolve({ ms: Date.now() - started, killed: signal === 'SIGKILL' });
  }));
}
const sha = (data) => createHash('sha1').update(data).digest('hex');

// ── the repositories: an origin, a teammate who pushes, and the clone under fire ──
const origin = join(root, 'origin.git');
git(root, 'init', '-q', '--bare', origin);
const dir = join(root, 'work');
const mate = join(root, 'mate');
git(root, 'init', '-q', '-b', 'main', dir);
writeFileSync(join(dir, 'README.md'), '# kills\n');
const BIG = 1 << 20;
writeFileSync(join(dir, 'data.bin'), Buffer.alloc(BIG, 'h'));
git(dir, 'add', '.');
git(dir, 'commit', '-q', '-m', 'initial');
git(dir, 'remote', 'add', 'origin', origin);
git(dir, 'push', '-q', 'origin', 'main');
git(dir, 'config', 'checkpoint.maxFileSize', '16m');
git(root, 'clone', '-q', origin, mate);
const headData = sha(readFileSync(join(dir, 'data.bin')));

const protectedIds = new Set();
let saves = 0;
function save(cwd = dir) {
  const res = must(cwd, 'save', '-m', `campaign save ${++saves}`, '--json');
  const id = JSON.parse(res.stdout).id;
  if (cwd === dir) protectedIds.add(id);
  return id;
}
function ownIds() {
  return JSON.parse(must(dir, 'list', '--local', '--json', '-n', '0').stdout).checkpoints.map((c) => c.id);
}
const shipped = Object.fromEntries(['post-checkout', 'pre-push'].map((h) => [h, readFileSync(join(ROOT, 'hooks', h))]));
const hooksDir = join(dir, '.git', 'hooks');
function installState() {
  const hooks = ['post-checkout', 'pre-push'].filter((h) => existsSync(join(hooksDir, h)));
  const torn = hooks.filter((h) => !readFileSync(join(hooksDir, h)).equals(shipped[h]));
  const values = (key) => spawnSync('git', ['config', '--local', '--get-all', key], { cwd: dir, env, encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
  const own = [
    ...values('remote.origin.fetch').filter((v) => v.includes('checkpoints')),
    ...values('notes.displayRef'), ...values('notes.rewriteRef'),
  ];
  return { hooks: hooks.length, torn, config: own.length };
}
const isFull = (s) => s.hooks === 2 && s.config === 7 && !s.torn.length;
const isClean = (s) => s.hooks === 0 && s.config === 0;
function leftovers() {
  const inHooks = readdirSync(hooksDir).filter((n) => n.endsWith('.tmp'));
  const own = join(dir, '.git', 'checkpoint');
  const inGitDir = existsSync(own) ? readdirSync(own).filter((n) => /^(tmp-index|apply)-|\.tmp$/.test(n)) : [];
  return [...inHooks, ...inGitDir];
}

for (let i = 0; i < 4; i++) save();
for (let i = 0; i < 2; i++) save(mate);
must(mate, 'push');

const counts = { kills: 0, lost: 0, halfInstalled: 0, truncated: 0, interruptedInstallStates: 0, fsck: 0, staleGitLocks: 0, lockWithoutHint: 0 };
const perOp = Object.fromEntries(OPS.map((op) => [op, { kills: 0, finished: 0 }]));
const typical = {};
const problems = [];

/** Sets up work for `op` and returns its argv and a check to run after it. */
function prepare(op) {
  switch (op) {
    case 'push': save(); return { args: ['push'] };
    case 'fetch': save(mate); must(mate, 'push'); return { args: ['fetch'] };
    case 'prune': {
      save(); save();
      const ids = ownIds();
      const keep = Math.max(3, ids.length - 2);
      // ids are newest first: what prune may remove is past `keep`.
      for (const id of ids.slice(keep)) protectedIds.delete(id);
      return { args: ['prune', '--keep', String(keep)] };
    }
    case 'drop': {
      const id = save();
      protectedIds.delete(id);
      return { args: ['drop', id] };
    }
    case 'apply': {
      const content = Buffer.alloc(BIG, String.fromCharCode(97 + Math.floor(random() * 26)));
      writeFileSync(join(dir, 'data.bin'), content);
      const id = save();
      git(dir, 'checkout', '--', 'data.bin');
      const allowed = new Set([headData, sha(content)]);
      return {
        args: ['apply', id],
        check: () => {
          const now = existsSync(join(dir, 'data.bin')) ? sha(readFileSync(join(dir, 'data.bin'))) : 'missing';
          if (!allowed.has(now)) { counts.truncated++; problems.push(`apply ${id}: data.bin is ${now}`); }
          git(dir, 'checkout', '--', 'data.bin');
        },
      };
    }
    case 'install':
      if (!isClean(installState())) must(dir, 'uninstall');
      return { args: ['install'], check: () => settleInstall('install', isFull) };
    case 'uninstall':
      if (!isFull(installState())) must(dir, 'install');
      return { args: ['uninstall'], check: () => settleInstall('uninstall', isClean) };
    case 'doctor': return { args: ['doctor', '--fix'] };
  }
  throw new Error(op);
}

/** After a killed install/uninstall: the state it left, then the next run of the same command must finish the job. */
function settleInstall(op, done) {
  const left = installState();
  if (left.torn.length) { counts.halfInstalled++; problems.push(`${op}: torn hook ${left.torn.join(', ')}`); }
  if (!isFull(left) && !isClean(left)) counts.interruptedInstallStates++;
  must(dir, op);
  const after = installState();
  if (!done(after)) { counts.halfInstalled++; problems.push(`${op}: a second ${op} left ${JSON.stringify(after)}`); }
}

function checkNothingLost() {
  const have = new Set(ownIds());
  const lost = [...protectedIds].filter((id) => !have.has(id));
  if (lost.length) { counts.lost += lost.length; problems.push(`lost ${lost.join(', ')}`); lost.forEach((id) => protectedIds.delete(id)); }
}

const started = Date.now();
// How long each command takes here, unkilled: the second of two runs (the first warms caches up).
for (const op of OPS) {
  for (let i = 0; i < 2; i++) {
    const { args, check } = prepare(op);
    typical[op] = (await killedRun(dir, args, null)).ms;
    check?.();
  }
}
let runs = 0;
while (counts.kills < KILLS && runs < KILLS * 2) {
  const op = OPS[runs++ % OPS.length];
  const { args, check } = prepare(op);
  const { killed, ms } = await killedRun(dir, args, Math.floor(random() * typical[op] * 1.1));
  perOp[op][killed ? 'kills' : 'finished']++;
  // A run that finished says how long the command takes now (the machine's load changes).
  if (!killed) typical[op] = Math.round((typical[op] + ms) / 2);
  if (killed) counts.kills++;
  check?.();
  checkNothingLost();
  if (runs % OPS.length === 0) {
    // What killed runs left in the git dir goes with the next run that makes temporary files of its own.
    must(dir, 'diff', 'latest');
    const stray = leftovers();
    if (stray.length) { counts.truncated += stray.length; problems.push(`left behind: ${stray.join(', ')}`); }
  }
  if (runs % 40 === 0 || counts.kills >= KILLS) {
    const fsck = spawnSync('git', ['fsck', '--strict', '--no-dangling'], { cwd: dir, env, encoding: 'utf8' });
    if (fsck.status !== 0) { counts.fsck++; problems.push(`fsck: ${fsck.stderr.trim().split('\n')[0]}`); }
    process.stderr.write(`kill-campaign: ${runs} runs, ${counts.kills} killed, ${Math.round((Date.now() - started) / 1000)} s\n`);
  }
}

console.log(`kill-campaign seed ${SEED}: ${runs} runs, ${counts.kills} killed mid-run in ${Math.round((Date.now() - started) / 1000)} s`);
console.log('per command (killed / finished before the kill):');
for (const op of OPS) console.log(`  ${op.padEnd(10)} ${String(perOp[op].kills).padStart(4)} / ${perOp[op].finished}   (typical ${typical[op]} ms)`);
console.log(`lost checkpoints:        ${counts.lost}`);
console.log(`fsck --strict failures:  ${counts.fsck}`);
console.log(`half-installed states:   ${counts.halfInstalled}   (interrupted install/uninstall states seen: ${counts.interruptedInstallStates}, each finished by the next run)`);
console.log(`truncated files:         ${counts.truncated}`);
console.log(`stale git config locks:  ${counts.staleGitLocks}   (left by a git killed mid-write; each named with its hint, removed, and the command run again)`);
for (const p of problems.slice(0, 20)) console.log(`  problem: ${p}`);
rmSync(root, { recursive: true, force: true });
const ok = counts.lockWithoutHint === 0 && counts.lost === 0 && counts.halfInstalled === 0 && counts.truncated === 0 && counts.fsck === 0 && counts.kills >= KILLS;
console.log(`${ok ? 1 : 0} passed, ${ok ? 0 : 1} failed`);
process.exitCode = ok ? 0 : 1;

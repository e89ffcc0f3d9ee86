/**
 * The real-agent suite's global setup: installs every pinned CLI that is not
 * in the cache yet (`npm install --prefix <cache>/<pkg>@<version>`, from the
 * npm registry only), checks each answers `--version` with its pinned
 * version, and prints what the suite runs.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { agentBin, cacheRoot, copilotPkgCache, installDir, PINNED, type PinnedAgent } from './pinned.js';

const INSTALL_TIMEOUT_MS = 10 * 60_000;

function install(p: PinnedAgent): void {
  const dir = installDir(p);
  const done = join(dir, '.installed');
  if (existsSync(done)) return;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{ "private": true }\n');
  const started = Date.now();
  const res = spawnSync('npm', ['install', '--prefix', dir, '--no-save', '--no-audit', '--no-fund', '--loglevel=error', `${p.pkg}@${p.version}`], {
    stdio: ['ignore', 'inherit', 'inherit'], timeout: INSTALL_TIMEOUT_MS, killSignal: 'SIGKILL',
  });
  if (res.status !== 0) throw new Error(`npm install ${p.pkg}@${p.version} failed (${res.status ?? res.signal})`);
  writeFileSync(done, `${new Date().toISOString()}\n`);
  process.stdout.write(`agents: installed ${p.pkg}@${p.version} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

/** The version the installed CLI reports (its first x.y.z). */
function reportedVersion(p: PinnedAgent): string {
  const home = join(tmpdir(), `gcp-agent-version-${process.pid}`);
  mkdirSync(home, { recursive: true });
  try {
    const res = spawnSync(agentBin(p.agent), ['--version'], {
      encoding: 'utf8', timeout: 60_000, killSignal: 'SIGKILL',
      env: { PATH: process.env.PATH, HOME: home, CI: '1', NO_COLOR: '1', DISABLE_AUTOUPDATER: '1', COPILOT_AUTO_UPDATE: 'false', COPILOT_PKG_CACHE_HOME: copilotPkgCache() },
    });
    return /\d+\.\d+\.\d+/.exec(`${res.stdout}${res.stderr}`)?.[0] ?? `unknown (${res.status ?? res.signal})`;
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

export default function setup(): void {
  process.stdout.write(`agents: cache ${cacheRoot()}\n`);
  for (const p of PINNED) install(p);
  for (const p of PINNED) {
    const reported = reportedVersion(p);
    if (reported !== p.version) throw new Error(`${p.pkg}: pinned ${p.version}, the installed CLI reports ${reported}`);
    process.stdout.write(`agents: ${p.agent} = ${p.pkg}@${p.version}\n`);
  }
}

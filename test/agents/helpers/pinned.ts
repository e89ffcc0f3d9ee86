/**
 * The agents' CLIs the real-agent suite drives, pinned: a new release is
 * taken on purpose (bump the version here, run `npm run test:agents`, and
 * update the README's table of what was proven with which version). They are
 * installed from the npm registry into a cache folder outside the repository
 * (never into the project's dependencies), one folder per package and
 * version, so a bump installs only what changed.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';

export interface PinnedAgent {
  /** Our adapter's name (`git checkpoint agent install <name>`). */
  agent: string;
  pkg: string;
  version: string;
  /** The executable the package puts in node_modules/.bin. */
  bin: string;
}

export const PINNED: readonly PinnedAgent[] = [
  { agent: 'claude', pkg: '@anthropic-ai/claude-code', version: '2.1.332', bin: 'claude' },
  { agent: 'gemini', pkg: '@google/gemini-cli', version: '0.61.0', bin: 'gemini' },
  { agent: 'codex', pkg: '@openai/codex', version: '0.171.0', bin: 'codex' },
  { agent: 'opencode', pkg: 'opencode-ai', version: '1.18.33', bin: 'opencode' },
  { agent: 'copilot', pkg: '@github/copilot', version: '1.0.102', bin: 'copilot' },
  { agent: 'cline', pkg: 'cline', version: '3.0.65', bin: 'cline' },
];

/** `$GIT_CHECKPOINT_AGENTS_CACHE`, else `$XDG_CACHE_HOME/git-checkpoint-agents`, else `~/.cache/git-checkpoint-agents`. */
export function cacheRoot(env: NodeJS.ProcessEnv = process.env): string {
  if (env.GIT_CHECKPOINT_AGENTS_CACHE) return env.GIT_CHECKPOINT_AGENTS_CACHE;
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'git-checkpoint-agents');
}

export function installDir(p: PinnedAgent, env: NodeJS.ProcessEnv = process.env): string {
  return join(cacheRoot(env), `${p.pkg.replace('/', '+')}@${p.version}`);
}

/** The agent's executable in its cache folder. */
export function agentBin(agent: string, env: NodeJS.ProcessEnv = process.env): string {
  const p = PINNED.find((a) => a.agent === agent);
  if (!p) throw new Error(`no pinned CLI for ${agent}`);
  return join(installDir(p, env), 'node_modules', '.bin', p.bin);
}

/**
 * Where Copilot CLI unpacks the package its single executable carries (some
 * 235 MB, `COPILOT_PKG_CACHE_HOME`): next to the install, so it is unpacked
 * once, not into every test's HOME.
 */
export function copilotPkgCache(env: NodeJS.ProcessEnv = process.env): string {
  return join(installDir(PINNED.find((a) => a.agent === 'copilot')!, env), 'pkg-cache');
}

export function pinnedVersion(agent: string): string {
  return PINNED.find((a) => a.agent === agent)!.version;
}

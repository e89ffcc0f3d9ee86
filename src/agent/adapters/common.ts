/** Pieces several adapters share: the input fields most agents send, and hook-file edits. */
import { join } from 'node:path';
import { installHookEntries, uninstallHookEntries, type HookFileSpec } from '../hooks-file.js';
import { installJsonMember, uninstallJsonMember } from '../mcp-json.js';
import type { AgentInput, HookFileEdit, Roots, Scope } from './types.js';

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** The snake_case fields Claude Code, Codex and Gemini CLI send. */
export function snakeCaseInput(d: Record<string, unknown>): AgentInput {
  return {
    sessionId: str(d.session_id), transcriptPath: str(d.transcript_path), cwd: str(d.cwd),
    trigger: str(d.trigger), source: str(d.source), event: str(d.hook_event_name),
  };
}

/** The edit that puts `spec`'s entries into (and out of) the JSON file at `path`. */
export function hookFileEdit(path: string, spec: HookFileSpec): HookFileEdit {
  return { path, install: (text) => installHookEntries(text, spec), uninstall: (text) => uninstallHookEntries(text, spec) };
}

/** A `{"matcher"?, "hooks": [{"type": "command", "command", "timeout"}]}` group (Claude Code's shape). */
export function commandGroup(command: string, timeout: number, matcher?: string): Record<string, unknown> {
  return { ...(matcher === undefined ? {} : { matcher }), hooks: [{ type: 'command', command, timeout }] };
}


export const json = (value: unknown): string => `${JSON.stringify(value)}\n`;

/** `~/.<dir>` unless the agent's own variable moves it. */
export function configHome(roots: Roots, variable: string, dir: string): string {
  return roots.env[variable] || join(roots.home, dir);
}

/** `<dir>` in the work tree for the project scope, else in the home directory (agents with no uncommitted project file). */
export function projectOrHome(scope: Scope, roots: Roots, dir: string): string {
  return join(scope === 'project' ? roots.workTree : roots.home, dir);
}

/** How every agent starts our MCP server: `git checkpoint mcp`. */
export const MCP_COMMAND = 'git';
export const MCP_ARGS: readonly string[] = ['checkpoint', 'mcp'];
export const MCP_NAME = 'git-checkpoint';

/** True for a server entry that starts `git checkpoint mcp` (`command` + `args`, or OpenCode's one `command` array). */
export function isOurMcpEntry(value: unknown): boolean {
  const v = value as Record<string, unknown> | null;
  if (typeof v !== 'object' || v === null) return false;
  const argv = Array.isArray(v.command) ? v.command : [v.command, ...(Array.isArray(v.args) ? v.args : [])];
  return JSON.stringify(argv) === JSON.stringify([MCP_COMMAND, ...MCP_ARGS]);
}

/** The edit that registers our server as `<path…>.git-checkpoint` = `entry` in the JSON file at `file`. */
export function mcpJsonEdit(file: string, path: readonly string[], entry: Record<string, unknown>, opts: { jsonc?: boolean; initial?: string } = {}): HookFileEdit {
  const spec = { path, key: MCP_NAME, value: entry, isOurs: isOurMcpEntry, jsonc: opts.jsonc, initial: opts.initial ?? '{}\n' };
  return { path: file, what: 'MCP server', install: (text) => installJsonMember(text, spec), uninstall: (text) => uninstallJsonMember(text, spec) };
}

/** `{"command": "git", "args": ["checkpoint", "mcp"]}` plus the agent's own keys. */
export const stdioEntry = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({ ...extra, command: MCP_COMMAND, args: [...MCP_ARGS] });

/**
 * The edit that keeps `pattern` (a file the agent writes for one person) out
 * of git through `info/exclude`, with a comment line naming us; uninstall
 * takes out exactly those two lines.
 */
export function excludeEdit(gitCommonDir: string, pattern: string, why: string): HookFileEdit {
  const block = `# git-checkpoint: ${why}\n${pattern}\n`;
  return {
    path: join(gitCommonDir, 'info', 'exclude'),
    what: 'ignore rule',
    install(text) {
      const before = text ?? '';
      if (before.split('\n').includes(pattern)) return { text: before, changed: false };
      return { text: `${before}${before && !before.endsWith('\n') ? '\n' : ''}${block}`, changed: true };
    },
    uninstall(text) {
      const out = text.replace(block, '');
      return { text: out, changed: out !== text };
    },
  };
}

/**
 * The `hook(kind, payload, cwd, flags)` function of a plugin that an agent loads as
 * JavaScript (OpenCode's, Cline CLI's): it runs `git checkpoint hook <kind>
 * <agent> [flags…]` beside the agent, never blocking it, and stops one still running
 * after 30 s (the hook's own budget is 10 s). It resolves to the hook's
 * output, or "" when git-checkpoint is missing or failed.
 */
export function pluginHookFunction(agent: string): string {
  return `const hook = (kind, payload, cwd, flags = []) => new Promise((resolve) => {
  let out = "";
  let child;
  try {
    child = spawn("git", ["checkpoint", "hook", kind, "${agent}", ...flags], { cwd, stdio: ["pipe", "pipe", "ignore"], detached: true });
  } catch {
    return resolve("");
  }
  const timer = setTimeout(() => { try { process.kill(-child.pid, "SIGKILL"); } catch {} }, 30000);
  child.stdout.setEncoding("utf8").on("data", (d) => (out += d));
  child.on("error", () => { clearTimeout(timer); resolve(""); });
  child.on("close", (code) => { clearTimeout(timer); resolve(code === 0 ? out : ""); });
  child.stdin.on("error", () => {});
  child.stdin.end(JSON.stringify(payload));
});`;
}

/**
 * Our hooks in an agent's settings file, planned as pure text edits.
 * Claude Code (`.claude/settings.json`, `~/.claude/settings.json`) and Codex
 * (`.codex/hooks.json`, `$CODEX_HOME/hooks.json`) share one shape:
 * `{"hooks": {"<Event>": [{"matcher": "…", "hooks": [{"type": "command",
 * "command": "…"}]}]}}`. Installing appends one group per event; uninstalling
 * removes only entries whose command is ours, and a container it leaves empty.
 */
import { insertChild, parseJsonTree, removeChild, valueOf, type JsonNode } from './json-edit.js';

export const AGENTS = ['claude', 'codex'] as const;
export type Agent = (typeof AGENTS)[number];

export const PRE_COMPACT_COMMAND = 'git checkpoint hook agent-pre-compact';
export const SESSION_START_COMMAND = 'git checkpoint hook agent-session-start';

/** The groups we add, per event. PreCompact has no matcher: both manual and auto compactions. */
export const OUR_GROUPS: Record<string, Record<string, unknown>> = {
  PreCompact: { hooks: [{ type: 'command', command: PRE_COMPACT_COMMAND }] },
  SessionStart: { matcher: 'compact|resume', hooks: [{ type: 'command', command: SESSION_START_COMMAND }] },
};
const OURS = new Set([PRE_COMPACT_COMMAND, SESSION_START_COMMAND]);

type Obj = Extract<JsonNode, { kind: 'object' }>;

function prop(node: JsonNode | undefined, key: string): JsonNode | undefined {
  return node?.kind === 'object' ? node.props.find((p) => p.key === key)?.value : undefined;
}

function rootObject(text: string): Obj {
  const root = parseJsonTree(text);
  if (root.kind !== 'object') throw new SyntaxError('the settings file is not a JSON object');
  return root;
}

function hasOurCommand(text: string, group: JsonNode, command: string): boolean {
  const hooks = prop(group, 'hooks');
  return hooks?.kind === 'array' && hooks.items.some((h) => (valueOf(text, h) as { command?: unknown })?.command === command);
}

/** Adds our hooks; returns the new text and whether anything changed. `text` null: no file yet. */
export function installHooks(text: string | null): { text: string; changed: boolean } {
  let out = text === null || !text.trim() ? '{}\n' : text;
  const before = out;
  for (const [event, group] of Object.entries(OUR_GROUPS)) {
    const command = (group.hooks as { command: string }[])[0]!.command;
    const root = rootObject(out);
    const hooks = prop(root, 'hooks');
    if (hooks === undefined) { out = insertChild(out, root, 'hooks', { [event]: [group] }); continue; }
    if (hooks.kind !== 'object') throw new SyntaxError('"hooks" is not an object');
    const list = prop(hooks, event);
    if (list === undefined) { out = insertChild(out, hooks, event, [group]); continue; }
    if (list.kind !== 'array') throw new SyntaxError(`"hooks.${event}" is not an array`);
    if (list.items.some((g) => hasOurCommand(out, g, command))) continue;
    out = insertChild(out, list, null, group);
  }
  return { text: out, changed: out !== before };
}

/** Removes our hooks; `text` null when nothing remains of a file (it was ours alone). */
export function uninstallHooks(text: string): { text: string | null; changed: boolean } {
  let out = text;
  for (let guard = 0; guard < 1000; guard++) {
    const next = removeOne(out);
    if (next === null) break;
    out = next;
  }
  const changed = out !== text;
  return { text: changed && /^\s*\{\s*\}\s*$/.test(out) ? null : out, changed };
}

/** Removes one of our entries (and a container it empties); null when none is left. */
function removeOne(text: string): string | null {
  const root = rootObject(text);
  const hooks = prop(root, 'hooks');
  if (hooks?.kind !== 'object') return null;
  for (const [e, { value: list }] of hooks.props.entries()) {
    if (list.kind !== 'array') continue;
    for (const [g, group] of list.items.entries()) {
      const inner = prop(group, 'hooks');
      if (inner?.kind !== 'array') continue;
      const mine = inner.items.findIndex((h) => OURS.has((valueOf(text, h) as { command?: unknown })?.command as string));
      if (mine < 0) continue;
      if (inner.items.length > 1) return removeChild(text, inner, mine);
      if (list.items.length > 1) return removeChild(text, list, g);
      const emptied = removeChild(text, hooks, e);
      return hooks.props.length > 1 ? emptied : dropEmptyHooks(emptied);
    }
  }
  return null;
}

function dropEmptyHooks(text: string): string {
  const root = rootObject(text);
  return removeChild(text, root, root.props.findIndex((p) => p.key === 'hooks'));
}

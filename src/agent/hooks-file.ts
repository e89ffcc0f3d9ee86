/**
 * Our hook entries in an agent's JSON hook file, planned as pure text edits
 * (json-edit.ts keeps every other byte). Two shapes exist:
 * - nested (Claude Code, Codex, Gemini CLI): `{"hooks": {"<Event>": [{"matcher":
 *   "…", "hooks": [{"type": "command", "command": "…"}]}]}}`;
 * - flat (Cursor, GitHub Copilot CLI): `{"version": 1, "hooks": {"<event>":
 *   [{"command": "…"}]}}`.
 * Installing appends one item per event; uninstalling removes only items whose
 * command is ours (any of `command`, `bash`, `powershell`), and a container
 * that removing them left empty.
 */
import { insertChild, parseJsonTree, removeChild, valueOf, type JsonNode } from './json-edit.js';

export interface HookFileSpec {
  /** The text of a file we create (`{}` or `{"version": 1}`); a file left like this on uninstall is deleted. */
  initial: string;
  /** One item per event, appended to `hooks.<event>`. */
  entries: { event: string; item: Record<string, unknown> }[];
  nested: boolean;
}

/** True for a command string that runs one of our agent hooks (guarded or not, any agent argument). */
export function isOurCommand(command: unknown): boolean {
  return typeof command === 'string' && /\bgit[ -]checkpoint hook agent-(pre-compact|session-start)\b/.test(command);
}

function isOurHook(value: unknown): boolean {
  const h = value as Record<string, unknown> | null;
  return typeof h === 'object' && h !== null && [h.command, h.bash, h.powershell].some(isOurCommand);
}

type Obj = Extract<JsonNode, { kind: 'object' }>;

function prop(node: JsonNode | undefined, key: string): JsonNode | undefined {
  return node?.kind === 'object' ? node.props.find((p) => p.key === key)?.value : undefined;
}

function rootObject(text: string): Obj {
  const root = parseJsonTree(text);
  if (root.kind !== 'object') throw new SyntaxError('the settings file is not a JSON object');
  return root;
}

/** Whether an item of an event list holds one of our hooks. */
function holdsOurs(text: string, item: JsonNode, nested: boolean): boolean {
  if (!nested) return isOurHook(valueOf(text, item));
  const inner = prop(item, 'hooks');
  return inner?.kind === 'array' && inner.items.some((h) => isOurHook(valueOf(text, h)));
}

/** Adds our entries; returns the new text and whether anything changed. `text` null: no file yet. */
export function installHookEntries(text: string | null, spec: HookFileSpec): { text: string; changed: boolean } {
  let out = text === null || !text.trim() ? spec.initial : text;
  const before = text ?? '';
  for (const { event, item } of spec.entries) {
    const root = rootObject(out);
    const hooks = prop(root, 'hooks');
    if (hooks === undefined) { out = insertChild(out, root, 'hooks', { [event]: [item] }); continue; }
    if (hooks.kind !== 'object') throw new SyntaxError('"hooks" is not an object');
    const list = prop(hooks, event);
    if (list === undefined) { out = insertChild(out, hooks, event, [item]); continue; }
    if (list.kind !== 'array') throw new SyntaxError(`"hooks.${event}" is not an array`);
    if (list.items.some((g) => holdsOurs(out, g, spec.nested))) continue;
    out = insertChild(out, list, null, item);
  }
  return { text: out, changed: out !== before };
}

/** Removes our entries; `text` null when nothing remains of the file (it held only ours). */
export function uninstallHookEntries(text: string, spec: Pick<HookFileSpec, 'initial' | 'nested'>): { text: string | null; changed: boolean } {
  let out = text;
  for (let guard = 0; guard < 1000; guard++) {
    const next = removeOne(out, spec.nested);
    if (next === null) break;
    out = next;
  }
  const changed = out !== text;
  const empty = /^\s*\{\s*\}\s*$/.test(out) || out === spec.initial;
  return { text: changed && empty ? null : out, changed };
}

/** Removes one of our entries (and a container it empties); null when none is left. */
function removeOne(text: string, nested: boolean): string | null {
  const root = rootObject(text);
  const hooks = prop(root, 'hooks');
  if (hooks?.kind !== 'object') return null;
  for (const [e, { value: list }] of hooks.props.entries()) {
    if (list.kind !== 'array') continue;
    for (const [g, item] of list.items.entries()) {
      if (!holdsOurs(text, item, nested)) continue;
      const inner = nested ? prop(item, 'hooks') : undefined;
      if (inner?.kind === 'array' && inner.items.length > 1) {
        return removeChild(text, inner, inner.items.findIndex((h) => isOurHook(valueOf(text, h))));
      }
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

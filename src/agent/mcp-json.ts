/**
 * Our MCP server as one member of an agent's JSON configuration
 * (`mcpServers.git-checkpoint`, `mcp.git-checkpoint`, or Claude Code's
 * `projects.<dir>.mcpServers.git-checkpoint`), planned as a text splice
 * (json-edit.ts keeps every other byte). Install adds the member, creating
 * the objects on its way; a member of that name that is not ours is left
 * alone. Uninstall removes the member while it is still ours, then the
 * objects on its way that removing it left empty, and the file when nothing
 * else is left in it.
 */
import { insertChild, parseJsonTree, plainValue, removeChild, type JsonNode } from './json-edit.js';
import type { EditResult } from './adapters/types.js';

export interface JsonMemberSpec {
  /** The objects leading to the member (`["mcpServers"]`). */
  path: readonly string[];
  key: string;
  value: unknown;
  /** True for a value this entry is (an agent may normalise what we wrote: add `env: {}`, a `type`). */
  isOurs(value: unknown): boolean;
  /** JSONC: comments and trailing commas allowed. */
  jsonc?: boolean;
  /** The text of a file we create. */
  initial: string;
}

type Obj = Extract<JsonNode, { kind: 'object' }>;

function root(text: string, jsonc: boolean): Obj {
  const node = parseJsonTree(text, jsonc);
  if (node.kind !== 'object') throw new SyntaxError('the file is not a JSON object');
  return node;
}

function child(node: Obj, key: string): JsonNode | undefined {
  return node.props.find((p) => p.key === key)?.value;
}

/** The objects along `path` that exist (each must be an object), from the root. */
function walk(text: string, spec: JsonMemberSpec): Obj[] {
  const chain = [root(text, spec.jsonc ?? false)];
  for (const [n, key] of spec.path.entries()) {
    const next = child(chain.at(-1)!, key);
    if (next === undefined) break;
    if (next.kind !== 'object') throw new SyntaxError(`"${spec.path.slice(0, n + 1).join('.')}" is not an object`);
    chain.push(next);
  }
  return chain;
}

/** Adds the member; `text` null: no file yet. */
export function installJsonMember(text: string | null, spec: JsonMemberSpec): EditResult {
  const start = text === null || !text.trim() ? spec.initial : text;
  const chain = walk(start, spec);
  const holder = chain.at(-1)!;
  const missing = chain.length - 1;
  if (missing < spec.path.length) {
    let value: unknown = spec.value;
    for (const key of [...spec.path.slice(missing + 1), spec.key].reverse()) value = { [key]: value };
    return { text: insertChild(start, holder, spec.path[missing]!, value), changed: true };
  }
  const existing = child(holder, spec.key);
  if (existing === undefined) return { text: insertChild(start, holder, spec.key, spec.value), changed: true };
  if (spec.isOurs(plainValue(start, existing))) return { text: start, changed: text !== start };
  return { text: start, changed: false, kept: `"${[...spec.path, spec.key].join('.')}" is not ours` };
}

/**
 * Removes the member while it is ours; `text` null when nothing is left of the
 * file. Of the texts that removing it can leave — the member alone, then each
 * object on its way that this emptied, then no file — the most pruned one that
 * installing would turn back into `text` is the one that was there before (an
 * empty `"mcpServers": {}` the agent wrote itself stays); when none would (the
 * agent rewrote the file), every emptied object goes.
 */
export function uninstallJsonMember(text: string, spec: JsonMemberSpec): EditResult<string | null> {
  const chain = walk(text, spec);
  if (chain.length <= spec.path.length) return { text, changed: false };
  const holder = chain.at(-1)!;
  const index = holder.props.findIndex((p) => p.key === spec.key);
  if (index < 0) return { text, changed: false };
  if (!spec.isOurs(plainValue(text, holder.props[index]!.value))) {
    return { text, changed: false, kept: `"${[...spec.path, spec.key].join('.')}" was changed since it was installed` };
  }
  const pruned = [removeChild(text, holder, index)];
  for (let depth = spec.path.length; depth > 0; depth--) {
    const objects = walk(pruned[0]!, spec);
    if (objects[depth]!.props.length) break;
    pruned.unshift(removeChild(pruned[0]!, objects[depth - 1]!, objects[depth - 1]!.props.findIndex((p) => p.key === spec.path[depth - 1])));
  }
  const empty = (t: string) => t === spec.initial || root(t, spec.jsonc ?? false).props.length === 0;
  const candidates: (string | null)[] = [...(empty(pruned[0]!) ? [null] : []), ...pruned];
  const before = candidates.find((c) => installJsonMember(c, spec).text === text);
  return { text: before !== undefined ? before : empty(pruned[0]!) ? null : pruned[0]!, changed: true };
}

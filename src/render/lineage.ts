/**
 * Draws the lineage of `log` as `git log --graph` draws history: one line
 * per checkpoint, newest first, each after every checkpoint that descends
 * from it; a straight chain is one straight column, a checkpoint with several
 * predecessors (synthesize, a hand-over) opens a column for each (`|\`), and
 * columns that reach the same checkpoint join again (`|/`). The width grows
 * with the number of lines of work open at once, never with the length.
 */
import type { LineageNode } from '../checkpoint/listing/lineage-graph.js';
import { oneLine } from '../text/sanitize.js';

/** Renders from `root`; ends with a newline. */
export function renderLineage(root: string, nodes: Map<string, LineageNode>, opts: { color?: boolean; truncated: boolean }): string {
  const yellow = (s: string) => (opts.color ? `\x1b[33m${s}\x1b[0m` : s);
  const describe = (id: string): string => {
    const node = nodes.get(id);
    const s = node?.summary;
    if (!node) return `${yellow(oneLine(id))}  (not read: limit reached)`;
    if (!s) return `${yellow(oneLine(id))}  (not in this clone: git fetch brings teammates' chains)`;
    const who = s.remote ? `${s.writer} (${s.remote})` : s.writer;
    return `${yellow(oneLine(s.id))}  ${s.createdAt.slice(0, 16).replace('T', ' ')}  ${oneLine(s.branch ?? '(detached)', 40)}  ${oneLine(who, 40)}  ${oneLine(s.title, 80)}`;
  };
  const lines = drawGraph(orderNewestFirst(root, nodes), nodes).map(([graph, id]) => (id === null ? graph : `${graph} ${describe(id)}`));
  if (opts.truncated) lines.push(`(stopped after ${nodes.size} checkpoints; use -n to see more)`);
  return `${lines.join('\n')}\n`;
}

const parentsOf = (nodes: Map<string, LineageNode>, id: string) => nodes.get(id)?.parents ?? [];

/** Every id reachable from `root`, each after all that reach it (a topological order), newer first among the free. */
export function orderNewestFirst(root: string, nodes: Map<string, LineageNode>): string[] {
  const reachable = new Set<string>([root]);
  const stack = [root];
  while (stack.length) {
    for (const p of parentsOf(nodes, stack.pop()!)) {
      if (!reachable.has(p)) {
        reachable.add(p);
        stack.push(p);
      }
    }
  }
  const waiting = new Map<string, number>([...reachable].map((id) => [id, 0]));
  for (const id of reachable) for (const p of new Set(parentsOf(nodes, id))) waiting.set(p, waiting.get(p)! + 1);
  const time = (id: string) => nodes.get(id)?.summary?.time ?? -Infinity;
  const free = [root];
  const order: string[] = [];
  while (free.length) {
    free.sort((a, b) => time(b) - time(a));
    const id = free.shift()!;
    order.push(id);
    for (const p of new Set(parentsOf(nodes, id))) {
      waiting.set(p, waiting.get(p)! - 1);
      if (waiting.get(p) === 0) free.push(p);
    }
  }
  return order;
}

/** `[graph columns, id]` for each checkpoint line, `[graph, null]` for the lines that join or open columns. */
function drawGraph(order: readonly string[], nodes: Map<string, LineageNode>): [string, string | null][] {
  const out: [string, string | null][] = [];
  let lanes: string[] = [];
  for (const id of order) {
    // Columns that reached this checkpoint too join the first one.
    for (let j = lanes.lastIndexOf(id); j > lanes.indexOf(id); j = lanes.lastIndexOf(id)) {
      out.push([joinLine(lanes.length, j), null]);
      lanes.splice(j, 1);
    }
    let col = lanes.indexOf(id);
    if (col < 0) col = lanes.push(id) - 1;
    out.push([lanes.map((_, k) => (k === col ? '*' : '|')).join(' '), id]);
    const parents = [...new Set(parentsOf(nodes, id))];
    const opened = parents.slice(1).filter((p) => !lanes.includes(p));
    if (!parents.length) {
      if (col < lanes.length - 1) out.push([joinLine(lanes.length, col), null]);
      lanes.splice(col, 1);
      continue;
    }
    lanes = [...lanes.slice(0, col), parents[0]!, ...opened, ...lanes.slice(col + 1)];
    if (opened.length) out.push([openLine(lanes.length, col), null]);
  }
  return out;
}

/** Column `j` of `width` ends, those right of it move one left: `| |/` or `|/ /`. */
function joinLine(width: number, j: number): string {
  const chars = Array<string>(2 * width - 1).fill(' ');
  for (let k = 0; k < width; k++) {
    if (k < j) chars[2 * k] = '|';
    else chars[2 * k - 1] = '/';
  }
  return chars.join('').trimEnd();
}

/** Columns after `col` are new or moved right: `|\` or `| |\ \`. */
function openLine(width: number, col: number): string {
  const chars = Array<string>(2 * width - 1).fill(' ');
  for (let k = 0; k < width; k++) {
    if (k <= col) chars[2 * k] = '|';
    else chars[2 * k - 1] = '\\';
  }
  return chars.join('').trimEnd();
}

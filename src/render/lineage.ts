/** Draws the lineage of `log` as a tree of predecessors; a node reached twice is drawn once and then referred to. */
import type { LineageNode } from '../checkpoint/lineage-graph.js';
import { oneLine } from './sanitize.js';

/** Renders from `root`; ends with a newline. */
export function renderLineage(root: string, nodes: Map<string, LineageNode>, opts: { color?: boolean; truncated: boolean }): string {
  const yellow = (s: string) => (opts.color ? `\x1b[33m${s}\x1b[0m` : s);
  const drawn = new Set<string>();
  const lines: string[] = [];
  const describe = (id: string): string => {
    const node = nodes.get(id);
    const s = node?.summary;
    if (!node) return `${yellow(oneLine(id))}  (not read: limit reached)`;
    if (!s) return `${yellow(oneLine(id))}  (not in this clone: git fetch brings teammates' chains)`;
    const who = s.remote ? `${s.writer} (${s.remote})` : s.writer;
    return `${yellow(oneLine(s.id))}  ${s.createdAt.slice(0, 16).replace('T', ' ')}  ${oneLine(s.branch ?? '(detached)', 40)}  ${oneLine(who, 40)}  ${oneLine(s.title, 80)}`;
  };
  const draw = (id: string, lead: string, branch: string): void => {
    if (drawn.has(id)) {
      lines.push(`${lead}${branch}${yellow(oneLine(id))}  (see above)`);
      return;
    }
    drawn.add(id);
    lines.push(`${lead}${branch}${describe(id)}`);
    const parents = nodes.get(id)?.parents ?? [];
    const childLead = lead + (branch === '' ? '' : branch === '└─ ' ? '   ' : '│  ');
    parents.forEach((p, i) => draw(p, childLead, i === parents.length - 1 ? '└─ ' : '├─ '));
  };
  draw(root, '', '');
  if (opts.truncated) lines.push(`(stopped after ${nodes.size} checkpoints; use -n to see more)`);
  return `${lines.join('\n')}\n`;
}

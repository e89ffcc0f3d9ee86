/** `log` draws lineage as `git log --graph` does: straight chains straight, merges opened and joined. */
import { describe, expect, it } from 'vitest';
import type { LineageNode } from '../../../src/checkpoint/listing/lineage-graph.js';
import type { CheckpointSummary } from '../../../src/checkpoint/listing/types.js';
import { renderLineage } from '../../../src/render/lineage.js';

function graph(spec: Record<string, string[]>, times: string[]): Map<string, LineageNode> {
  const nodes = new Map<string, LineageNode>();
  for (const [id, parents] of Object.entries(spec)) {
    const time = times.length - times.indexOf(id);
    const summary = { id, createdAt: `2026-11-29T10:${String(time).padStart(2, '0')}:00Z`, branch: 'main', writer: 'ada-aaaaaa', title: `task ${id}`, time, remote: null } as unknown as CheckpointSummary;
    nodes.set(id, { id, summary, parents });
  }
  return nodes;
}

/** The graph columns of each line (the text after the first id dropped). */
const columns = (text: string) => text.trimEnd().split('\n').map((l) => l.replace(/ \S+  (\d{4}-|\().*$/, ''));

describe('log graph', () => {
  it('draws a straight chain of 40 as one column (no staircase)', () => {
    const spec: Record<string, string[]> = {};
    for (let i = 0; i < 40; i++) spec[`c${i}`] = i < 39 ? [`c${i + 1}`] : [];
    const out = renderLineage('c0', graph(spec, Object.keys(spec)), { truncated: false });
    expect(columns(out)).toEqual(Array(40).fill('*'));
  });

  it('opens a column for each further predecessor and joins columns that meet', () => {
    const nodes = graph({ s: ['a2', 'b2'], a2: ['a1'], a1: ['a0'], b2: ['b1'], b1: ['a0'], a0: [] }, ['s', 'b2', 'a2', 'b1', 'a1', 'a0']);
    expect(columns(renderLineage('s', nodes, { truncated: false }))).toEqual([
      '*',
      '|\\',
      '| *',
      '* |',
      '| *',
      '* |',
      '|/',
      '*',
    ]);
  });

  it('draws three inputs, and a predecessor not in this clone, on their own lines', () => {
    const nodes = graph({ s: ['a', 'b', 'c'], a: [], b: ['x9'], c: [] }, ['s', 'a', 'b', 'c']);
    const out = renderLineage('s', nodes, { truncated: false });
    expect(out).toContain('x9  (not read: limit reached)');
    expect(columns(out).slice(0, 3)).toEqual(['*', '|\\ \\', '* | |']);
  });
});

/** The `list` table (SPEC §5): `ID  SAVED (UTC)  BRANCH  WRITER  TASK`. */
import type { CheckpointSummary } from '../checkpoint/listing/types.js';
import { oneLine } from '../text/sanitize.js';

export interface TableOptions {
  color?: boolean;
  /** Total before the limit, for the `showing N of M` footer. */
  total: number;
}

export function renderList(rows: CheckpointSummary[], opts: TableOptions): string {
  const cells = rows.map((r) => [
    r.id,
    r.createdAt.slice(0, 16).replace('T', ' '),
    oneLine(r.branch ?? '(detached)', 40),
    oneLine(r.remote ? `${r.writer} (${r.remote})` : r.writer, 40),
    oneLine(`${r.label ? `[${r.label}] ` : ''}${r.title}${r.status !== 'in_progress' ? ` (${r.status})` : ''}`, 80),
  ]);
  const header = ['ID', 'SAVED (UTC)', 'BRANCH', 'WRITER', 'TASK'];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => c.map((v, i) => (i === c.length - 1 ? v : v.padEnd(widths[i]!))).join('  ').trimEnd();
  const bold = (s: string) => (opts.color ? `\x1b[1m${s}\x1b[0m` : s);
  const yellow = (s: string) => (opts.color ? `\x1b[33m${s}\x1b[0m` : s);
  const body = cells.map((c) => {
    const text = line(c);
    return opts.color ? yellow(text.slice(0, c[0]!.length)) + text.slice(c[0]!.length) : text;
  });
  return `${[bold(line(header)), ...body].join('\n')}\nshowing ${rows.length} of ${opts.total}\n`;
}

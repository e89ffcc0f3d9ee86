/**
 * Every run ends (SPEC §11), down to a single regular expression: one that
 * can match a run of text in exponentially many ways takes longer than any
 * hook budget to fail on a few dozen characters (`(\d+[a-z]*)*` over 40
 * digits, `(\s*\n)*` over 40 blank lines), and no timeout can stop it, since
 * a regular expression holds the thread. scslre, the checker eslint-plugin-regexp
 * runs, reads each one for that shape. Checked: every literal in src/ (read from
 * the source with the TypeScript parser, so that a new one is checked without
 * being listed), every expression built from strings as the redaction,
 * harvest, install and MCP-config modules load and first run (the keyword
 * forms, the rules, the trailer keys), caught as they are constructed, and
 * every format of the provider table, compiled on first use.
 *
 * (Polynomial backtracking, which scslre reports too, is bounded by what a
 * rule is given: a line, a window around an anchor, a value of 300 characters
 * at most. It is not a hang; the redaction benchmark measures it.)
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { analyse } from 'scslre';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** Every regular-expression literal of `src/`, with where it is. */
function literals(): { where: string; re: RegExp }[] {
  const found: { where: string; re: RegExp }[] = [];
  for (const file of sourceFiles(SRC)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const text = node.getText(source);
        const end = text.lastIndexOf('/');
        const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
        found.push({ where: `${relative(SRC, file)}:${line}`, re: new RegExp(text.slice(1, end), text.slice(end + 1)) });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

/** The reports of exponential backtracking for `re`, as text. */
function exponential(where: string, re: RegExp): string[] {
  return analyse(re, { reportTypes: { Move: false } }).reports.filter((r) => r.exponential).map(() => `${where}: ${re.source}`);
}

describe('no regular expression backtracks exponentially', () => {
  it('reads the literals of src/ (hundreds of them)', () => {
    const all = literals();
    expect(all.length).toBeGreaterThan(400);
    expect(all.flatMap(({ where, re }) => exponential(where, re))).toEqual([]);
  });

  it('nor any the redaction, harvest, install and MCP-config modules build as they load and first run', async () => {
    const built: RegExp[] = [];
    const Native = globalThis.RegExp;
    globalThis.RegExp = new Proxy(Native, {
      construct(target, args: [string | RegExp, string?]) {
        const re = Reflect.construct(target, args) as RegExp;
        built.push(re);
        return re;
      },
    });
    try {
      const { redactText } = await import('../../src/checkpoint/secrets/redact.js');
      redactText('token: ghp_x aws key AKIA… sk-live stripe_key=1 slack xoxb- https://u:p@h password=x GENIUS=y', {});
      await import('../../src/harvest/trailers.js');
      await import('../../src/harvest/human-text.js');
      await import('../../src/install/hook-plan.js');
      const { installTomlTable, tomlBlock } = await import('../../src/agent/mcp-toml.js');
      installTomlTable('model = "o3"\n', tomlBlock('git', ['checkpoint', 'mcp']));
    } finally {
      globalThis.RegExp = Native;
    }
    expect(built.length).toBeGreaterThan(65);
    expect(built.flatMap((re, i) => exponential(`built #${i}`, re))).toEqual([]);
  });

  it('nor any format of the provider table', async () => {
    const { SECRET_FORMATS } = await import('../../src/checkpoint/secrets/secret-formats.js');
    const { formatSource } = await import('../../src/checkpoint/secrets/secret-format-rules.js');
    expect(SECRET_FORMATS.length).toBeGreaterThan(400);
    expect(SECRET_FORMATS.flatMap((f, i) => exponential(`format ${i} (${f.provider})`, new RegExp(formatSource(f))))).toEqual([]);
  });

  // The checker itself: the shapes that made a save and `agent uninstall codex --mcp` hang are reported.
  it.each([/^(?:[a-z]+\d*[A-Z][a-z]{2,}(?:[A-Z][a-z]{2,}|\d+[a-z]*)*)$/, /^(\s*(#[^\n]*)?\n)*\s*(\[|$)/, /^(?:[A-Z](?=[A-Z]|$)|[A-Z]?[a-z]{3,})+$/])(
    'reports %s',
    (re) => {
      expect(exponential('known', re)).toHaveLength(1);
    },
  );
});

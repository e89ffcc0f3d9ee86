/**
 * Our MCP server in Codex's `config.toml`: one `[mcp_servers.git-checkpoint]`
 * table appended at the end, as text (a TOML file keeps its comments and
 * layout only when nobody re-serialises it). Install appends the table after
 * one newline (a blank line when the file ended with one); uninstall takes out
 * the table and that one newline, giving back the bytes that were there
 * before. A table of that name written any other way, or ours with keys the
 * person added to it, is not ours: left alone.
 */
import type { EditResult } from './adapters/types.js';

export const TOML_TABLE = 'mcp_servers.git-checkpoint';

/** The table we write. */
export function tomlBlock(command: string, args: readonly string[]): string {
  return `[${TOML_TABLE}]\ncommand = ${JSON.stringify(command)}\nargs = [${args.map((a) => JSON.stringify(a)).join(', ')}]\n`;
}

/** Where `block` starts on a line of its own in `text`, followed by the end or another table; -1 when absent. */
function findBlock(text: string, block: string): number {
  for (let at = text.indexOf(block); at >= 0; at = text.indexOf(block, at + 1)) {
    const rest = text.slice(at + block.length);
    // (Blank or comment lines, each read once: `\s*` would take their breaks too, and the ways to split a run of blank lines grow as
    // 2^n before a line that is neither fails the match.)
    if ((at === 0 || text[at - 1] === '\n') && /^(?:[ \t\r]*(?:#[^\n]*)?\n)*[ \t\r]*(?:\[|$)/.test(rest)) return at;
  }
  return -1;
}

/**
 * Any definition of our table's name: a header, dotted keys, or an inline table under `[mcp_servers]`.
 * (Blanks within a line only: a line's start is tried anyway, and `\s*` there would read every blank line after it again.)
 */
function namesOurTable(text: string): boolean {
  const name = String.raw`(?:git-checkpoint|"git-checkpoint"|'git-checkpoint')`;
  return new RegExp(String.raw`^[ \t]*\[[ \t]*mcp_servers[ \t]*\.[ \t]*${name}[ \t]*[\].]`, 'm').test(text)
    || new RegExp(String.raw`^[ \t]*mcp_servers[ \t]*\.[ \t]*${name}[ \t]*[.=]`, 'm').test(text)
    || new RegExp(String.raw`^[ \t]*\[[ \t]*mcp_servers[ \t]*\][^[]*^[ \t]*${name}[ \t]*[.=]`, 'm').test(text);
}

export function installTomlTable(text: string | null, block: string): EditResult {
  if (text === null || text === '') return { text: block, changed: true };
  if (findBlock(text, block) >= 0) return { text, changed: false };
  if (namesOurTable(text)) return { text, changed: false, kept: `[${TOML_TABLE}] is not ours` };
  return { text: `${text}\n${block}`, changed: true };
}

export function uninstallTomlTable(text: string, block: string): EditResult<string | null> {
  const at = findBlock(text, block);
  if (at < 0) {
    return namesOurTable(text) ? { text, changed: false, kept: `[${TOML_TABLE}] was changed since it was installed` } : { text, changed: false };
  }
  const out = text.slice(0, at > 0 ? at - 1 : 0) + text.slice(at + block.length);
  return { text: out === '' ? null : out, changed: true };
}

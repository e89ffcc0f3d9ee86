/**
 * Minimal edits to a JSON document that keep every other byte as it was: a
 * parser that remembers where each value sits, plus insert/remove operations
 * that splice text. Removing what `insertChild` added restores the original
 * bytes exactly (the separator and indentation added are the ones removed).
 * Used for agent settings files, which people format and comment by hand.
 */

export type JsonNode =
  | { kind: 'object'; start: number; end: number; props: { key: string; value: JsonNode }[] }
  | { kind: 'array'; start: number; end: number; items: JsonNode[] }
  | { kind: 'scalar'; start: number; end: number };

export class JsonSyntaxError extends Error {}

/**
 * Parses `text` (strict JSON); JsonSyntaxError with the offset when it is not.
 * With `jsonc`, also `//` and `/* *\/` comments and trailing commas (OpenCode's
 * `opencode.json` is JSONC); read values of such a file with plainValue.
 */
export function parseJsonTree(text: string, jsonc = false): JsonNode {
  let i = 0;
  const fail = (what: string): never => {
    throw new JsonSyntaxError(`${what} at offset ${i}`);
  };
  const ws = () => {
    for (;;) {
      while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
      if (!jsonc || text[i] !== '/') return;
      if (text[i + 1] === '/') i = text.indexOf('\n', i) < 0 ? text.length : text.indexOf('\n', i);
      else if (text[i + 1] === '*' && text.indexOf('*/', i + 2) >= 0) i = text.indexOf('*/', i + 2) + 2;
      else return;
    }
  };
  const closes = (c: string): boolean => jsonc && (ws(), text[i] === c);
  const str = (): string => {
    const start = i;
    if (text[i] !== '"') fail('expected a string');
    for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
    if (text[i] !== '"') fail('unterminated string');
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const value = (): JsonNode => {
    ws();
    const start = i;
    const c = text[i];
    if (c === '{') {
      i++;
      const props: { key: string; value: JsonNode }[] = [];
      ws();
      if (text[i] === '}') return { kind: 'object', start, end: ++i, props };
      for (;;) {
        ws();
        const key = str();
        ws();
        if (text[i++] !== ':') fail('expected ":"');
        props.push({ key, value: value() });
        ws();
        if (text[i] === ',') { i++; if (closes('}')) return { kind: 'object', start, end: ++i, props }; continue; }
        if (text[i] === '}') return { kind: 'object', start, end: ++i, props };
        fail('expected "," or "}"');
      }
    }
    if (c === '[') {
      i++;
      const items: JsonNode[] = [];
      ws();
      if (text[i] === ']') return { kind: 'array', start, end: ++i, items };
      for (;;) {
        items.push(value());
        ws();
        if (text[i] === ',') { i++; if (closes(']')) return { kind: 'array', start, end: ++i, items }; continue; }
        if (text[i] === ']') return { kind: 'array', start, end: ++i, items };
        fail('expected "," or "]"');
      }
    }
    if (c === '"') {
      str();
      return { kind: 'scalar', start, end: i };
    }
    const m = /^(?:true|false|null|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(i, i + 64));
    if (!m) fail('unexpected character');
    i += m![0].length;
    return { kind: 'scalar', start, end: i };
  };
  const root = value();
  ws();
  if (i < text.length) fail('unexpected text after the document');
  return root;
}

/** The plain value of a node. */
export function valueOf(text: string, node: JsonNode): unknown {
  return JSON.parse(text.slice(node.start, node.end));
}

/** The value of a node built from its parts: comments and trailing commas (JSONC) left out. */
export function plainValue(text: string, node: JsonNode): unknown {
  if (node.kind === 'array') return node.items.map((n) => plainValue(text, n));
  if (node.kind === 'object') return Object.fromEntries(node.props.map((p) => [p.key, plainValue(text, p.value)]));
  return JSON.parse(text.slice(node.start, node.end));
}

/** The indentation unit the document uses (two spaces when it shows none). */
export function detectIndent(text: string): string {
  const m = /\n([ \t]+)["[{\]}]/.exec(text);
  return m?.[1] ?? '  ';
}

function lineIndent(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))![0];
}

/**
 * Appends a child to a container: `member` is `"key": value` text for an
 * object or value text for an array, written with `unit` indentation.
 */
export function insertChild(text: string, container: JsonNode, key: string | null, value: unknown): string {
  const unit = detectIndent(text);
  const outer = lineIndent(text, container.start);
  const inner = outer + unit;
  const rendered = JSON.stringify(value, null, unit).split('\n').join(`\n${inner}`);
  const member = key === null ? rendered : `${JSON.stringify(key)}: ${rendered}`;
  const children = container.kind === 'object' ? container.props.map((p) => p.value) : container.kind === 'array' ? container.items : [];
  const last = children.at(-1);
  if (!last) return `${text.slice(0, container.start + 1)}\n${inner}${member}\n${outer}${text.slice(container.end - 1)}`;
  return `${text.slice(0, last.end)},\n${inner}${member}${text.slice(last.end)}`;
}

/** Removes child `index` (an object property or array item) with its separator. */
export function removeChild(text: string, container: JsonNode, index: number): string {
  const starts = container.kind === 'object'
    ? container.props.map((p) => keyStart(text, p.value.start))
    : container.kind === 'array' ? container.items.map((n) => n.start) : [];
  const ends = container.kind === 'object' ? container.props.map((p) => p.value.end) : container.kind === 'array' ? container.items.map((n) => n.end) : [];
  if (starts.length === 1) return `${text.slice(0, container.start + 1)}${text.slice(container.end - 1)}`;
  if (index > 0) return `${text.slice(0, ends[index - 1])}${text.slice(ends[index])}`;
  return `${text.slice(0, starts[0])}${text.slice(starts[1])}`;
}

/** Where the key of a property starts, from the start of its value. */
function keyStart(text: string, valueStart: number): number {
  let i = text.lastIndexOf(':', valueStart - 1) - 1;
  while (i > 0 && ' \t\n\r'.includes(text[i]!)) i--;
  // i is on the closing quote; walk back to the opening one (keys may contain escaped quotes).
  for (i--; i > 0; i--) if (text[i] === '"' && text[i - 1] !== '\\') break;
  return i;
}

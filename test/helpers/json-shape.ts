/**
 * A JSON Schema written as the man page's JSON OUTPUT section writes a
 * document: `{"key": type, ...}`, `[item]`, `"a"|"b"`, `string|null`,
 * `{string: integer}`, `<record>` for a named sub-document, `"key"?:` for a
 * field that may be absent. Tests compare it with the man page, ignoring
 * white space.
 */
type Schema = Record<string, unknown>;

/** The shape of `schema`, indented two spaces a level. */
export function describeShape(schema: Schema, indent = ''): string {
  if (typeof schema.$ref === 'string') return `<${schema.$ref.replace('#/$defs/', '')}>`;
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as Schema[]).map((s) => describeShape(s, indent)).join('|');
  if ('const' in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join('|');
  if (schema.type === 'array') return `[${describeShape(schema.items as Schema, indent)}]`;
  if (schema.type === 'object') return describeObject(schema, indent);
  return Array.isArray(schema.type) ? schema.type.join('|') : String(schema.type);
}

function describeObject(schema: Schema, indent: string): string {
  const properties = schema.properties as Record<string, Schema> | undefined;
  if (!properties) return `{string: ${describeShape(schema.additionalProperties as Schema, indent)}}`;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const inner = `${indent}  `;
  const lines = Object.entries(properties).map(([key, value]) => `${inner}"${key}"${required.has(key) ? '' : '?'}: ${describeShape(value, inner)}`);
  return `{\n${lines.join(',\n')}\n${indent}}`;
}

/** The same text with every run of white space removed: layout in the man page is free. */
export const squeeze = (text: string) => text.replace(/\s+/g, '');

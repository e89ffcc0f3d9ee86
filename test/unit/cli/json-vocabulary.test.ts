/**
 * One JSON vocabulary (src/schemas/): every command either has a documented
 * JSON document or refuses --json; a field name has one type wherever a
 * command uses it; the man page's JSON OUTPUT section shows each document
 * exactly as its schema says.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../../src/cli/commands.js';
import { JSON_OUTPUTS, jsonSchemaFor, SHARED_DOCUMENTS } from '../../../src/schemas/json-outputs.js';
import { describeShape, squeeze } from '../../helpers/json-shape.js';

type Schema = Record<string, unknown>;
type Command = keyof typeof JSON_OUTPUTS;
const COMMANDS_WITH_JSON = Object.keys(JSON_OUTPUTS) as Command[];

const man = readFileSync(new URL('../../../man/git-checkpoint.1', import.meta.url), 'utf8');
const section = man.slice(man.indexOf('.SH JSON OUTPUT\n'), man.indexOf('\n.SH ', man.indexOf('.SH JSON OUTPUT\n') + 1));

/** `.SS save, synthesize` → the `.nf` block under it, for each name. */
function documentedShapes(): Map<string, string> {
  const shapes = new Map<string, string>();
  for (const part of section.split('\n.SS ').slice(1)) {
    const names = part.slice(0, part.indexOf('\n')).replace(/\\-/g, '-').split(', ');
    const block = /\n\.nf\n([\s\S]*?)\n\.fi/.exec(part)?.[1] ?? '';
    for (const name of names) shapes.set(name, block.replace(/\\-/g, '-').replace(/\\e/g, '\\'));
  }
  return shapes;
}

/** `string`, `array<object>`, ...: the JSON type of a field, null aside (a nullable field is still the same field). */
function typeOf(schema: Schema): string {
  if (schema.$ref) return `document ${String(schema.$ref)}`;
  if (Array.isArray(schema.anyOf)) return [...new Set((schema.anyOf as Schema[]).map(typeOf).filter((t) => t !== 'null'))].join('|');
  if (schema.type === 'null') return 'null';
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter((t) => t !== 'null');
  if (types[0] === 'integer') return 'number';
  if (types[0] === 'array') return `array<${typeOf(schema.items as Schema)}>`;
  return types.join('|') || (Array.isArray(schema.enum) ? typeof schema.enum[0] : 'const' in schema ? typeof schema.const : '?');
}

/** Every field of a command's own document (the record and the reconciliation are SPEC §4 and §8's), with its type and where. */
function fields(schema: Schema, where: string, out: { name: string; type: string; where: string }[]): void {
  if (Array.isArray(schema.anyOf)) for (const s of schema.anyOf as Schema[]) fields(s, where, out);
  if (schema.type === 'array') fields(schema.items as Schema, `${where}[]`, out);
  for (const [name, value] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
    out.push({ name, type: typeOf(value), where: `${where}.${name}` });
    fields(value, `${where}.${name}`, out);
  }
}

describe('one JSON vocabulary', () => {
  it('every command prints a documented JSON document with --json, or refuses --json', () => {
    for (const [name, entry] of Object.entries(COMMANDS)) {
      // The hook entry points answer git and agents in their own formats and never fail (SPEC §10).
      if (name === 'hook') continue;
      expect(Boolean(entry.noJson), `${name}: a JSON document or noJson, not both or neither`).toBe(!(name in JSON_OUTPUTS));
    }
  });

  it('gives a field name one type across every command', () => {
    const all: { name: string; type: string; where: string }[] = [];
    for (const command of COMMANDS_WITH_JSON) fields(jsonSchemaFor(command), command, all);
    const conflicts = new Map<string, Set<string>>();
    for (const f of all) {
      const seen = all.filter((g) => g.name === f.name && g.type !== f.type);
      if (seen.length) conflicts.set(f.name, new Set([f, ...seen].map((g) => `${g.where}: ${g.type}`)));
    }
    expect(Object.fromEntries([...conflicts].map(([k, v]) => [k, [...v].sort()]))).toEqual({});
  });

  it('every JSON Schema compiles and names the record and the reconciliation once', () => {
    const resume = jsonSchemaFor('resume') as { $defs: Record<string, unknown>; properties: Record<string, Schema> };
    expect(Object.keys(resume.$defs).sort()).toEqual(['reconcile', 'record']);
    expect(resume.properties.checkpoint).toEqual({ $ref: '#/$defs/record' });
    expect(jsonSchemaFor('show').$ref).toBe('#/$defs/record');
  });
});

describe('man page JSON OUTPUT', () => {
  const documented = documentedShapes();

  it.each(COMMANDS_WITH_JSON)('%s: documented as its schema says', (command) => {
    expect(documented.has(command), `no .SS entry for ${command}`).toBe(true);
    expect(squeeze(documented.get(command)!)).toBe(squeeze(describeShape(jsonSchemaFor(command))));
  });

  it.each(Object.keys(SHARED_DOCUMENTS))('<%s>: documented once, as its schema says', (name) => {
    const defs = (jsonSchemaFor('resume') as { $defs: Record<string, Schema> }).$defs;
    expect(squeeze(documented.get(name) ?? '')).toBe(squeeze(describeShape(defs[name]!)));
  });

  it('documents no command that has no JSON document', () => {
    const extra = [...documented.keys()].filter((k) => !(k in JSON_OUTPUTS) && !(k in SHARED_DOCUMENTS));
    expect(extra).toEqual([]);
  });
});

/**
 * Real text that holds (almost) no secrets, read at test time: the READMEs,
 * changelogs and sources of the packages in this project's node_modules, the
 * integrity hashes of package-lock.json, the history of this repository
 * (commit ids and messages), and lines with UUIDs in URL paths. Precision is
 * measured on it as the share of lines a redaction changes: a changed line is
 * either a false positive or a real credential in a package's own fixtures,
 * and the report lists them so a person can tell which.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { seededRandom } from './mem-cli.js';

export interface RealTextSource {
  /** What the lines are, for the report. */
  name: string;
  /** Where each line comes from (a file), in the order of `lines`. */
  origin: (i: number) => string;
  lines: string[];
}

const ROOT = new URL('../..', import.meta.url).pathname;
const MODULES = join(ROOT, 'node_modules');
/** Files above this size are generated bundles or data: a line of them is not text a person wrote. */
const MAX_FILE = 512 * 1024;

function walk(dir: string, keep: (name: string) => boolean, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, keep, out);
    else if (entry.isFile() && keep(entry.name)) out.push(path);
  }
  return out;
}

/** The non-blank lines of `files`, with the file each comes from. */
function linesOf(name: string, files: string[]): RealTextSource {
  const lines: string[] = [];
  const starts: [number, string][] = [];
  for (const file of files) {
    if (statSync(file).size > MAX_FILE) continue;
    starts.push([lines.length, relative(MODULES, file)]);
    for (const line of readFileSync(file, 'utf8').split('\n')) if (line.trim()) lines.push(line);
  }
  const origin = (i: number) => {
    let k = 0;
    while (k + 1 < starts.length && starts[k + 1]![0] <= i) k++;
    return starts[k]?.[1] ?? '';
  };
  return { name, origin, lines };
}

/** The integrity and resolved lines of package-lock.json. */
function lockfile(): RealTextSource {
  const lines = readFileSync(join(ROOT, 'package-lock.json'), 'utf8').split('\n').filter((l) => /"(?:integrity|resolved)"/.test(l));
  return { name: 'package-lock.json integrity and resolved lines', origin: () => 'package-lock.json', lines };
}

/** Commit ids (full and short, both cases) and messages of this repository's history. */
function gitLog(): RealTextSource {
  const res = spawnSync('git', ['log', '--format=commit %H%n%h %s%n%b', '-n', '2000'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 26 });
  const lines = (res.stdout ?? '').split('\n').filter((l) => l.trim());
  const upper = lines.filter((l) => l.startsWith('commit ')).slice(0, 200).map((l) => `commit ${l.slice(7).toUpperCase()}`);
  return { name: 'git log of this repository (ids and messages)', origin: () => 'git log', lines: [...lines, ...upper] };
}

/** URLs whose paths hold UUIDs, commit ids and digests, as issue trackers, dashboards and registries print them. */
function urls(): RealTextSource {
  const random = seededRandom(17);
  const hex = (n: number) => Array.from({ length: n }, () => '0123456789abcdef'[Math.floor(random() * 16)]).join('');
  const uuid = () => `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`;
  const lines = Array.from({ length: 500 }, (_, i) => [
    `https://app.example.com/projects/${uuid()}/settings`, `see https://github.com/acme/widget/commit/${hex(40)} for the fix`,
    `https://github.com/acme/widget/blob/${hex(40)}/src/index.ts#L${i}`, `docker pull ghcr.io/acme/widget@sha256:${hex(64)}`,
    `https://registry.npmjs.org/widget/-/widget-1.${i}.0.tgz#${hex(40)}`,
  ][i % 5]!);
  return { name: 'URLs with UUIDs, commit ids and digests in their paths', origin: () => 'generated URLs', lines };
}

/** Every source, read once per process. */
let cached: RealTextSource[] | null = null;
export function realTextSources(): RealTextSource[] {
  return (cached ??= [
    linesOf('node_modules READMEs, changelogs and docs (*.md)', walk(MODULES, (n) => n.endsWith('.md'))),
    linesOf('node_modules sources (*.js, *.mjs, *.cjs, *.ts)', walk(MODULES, (n) => /\.(?:m?js|cjs|ts)$/.test(n) && !n.endsWith('.min.js'))),
    lockfile(),
    gitLog(),
    urls(),
  ]);
}

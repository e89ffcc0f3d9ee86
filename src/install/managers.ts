/**
 * Hook managers own the hooks directory and rewrite it on their own install:
 * writing our scripts there would be silently lost, or would clobber theirs.
 * For each, `install` prints the exact lines to add to the manager's own
 * configuration instead (SPEC §10).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

export type ManagerName = 'husky' | 'lefthook' | 'pre-commit' | 'simple-git-hooks';

export interface Manager {
  name: ManagerName;
  /** What gave it away (a config file, core.hooksPath). */
  evidence: string;
}

const LEFTHOOK_FILES = ['lefthook.yml', 'lefthook.yaml', '.lefthook.yml', '.lefthook.yaml', 'lefthook.json', 'lefthook.toml'];
const PRE_COMMIT_FILES = ['.pre-commit-config.yaml', '.pre-commit-config.yml'];
const SIMPLE_GIT_HOOKS_FILES = [
  '.simple-git-hooks.json', '.simple-git-hooks.js', '.simple-git-hooks.cjs', '.simple-git-hooks.mjs',
  'simple-git-hooks.json', 'simple-git-hooks.js', 'simple-git-hooks.cjs', 'simple-git-hooks.mjs',
];

/** The manager owning this repository's hooks, or null. `hooksPath` is the raw core.hooksPath value. */
export async function detectManager(workTree: string | null, hooksPath: string | null): Promise<Manager | null> {
  if (hooksPath && /(^|\/)\.husky(\/_)?\/?$/.test(hooksPath)) return { name: 'husky', evidence: `core.hooksPath = ${hooksPath}` };
  if (!workTree) return null;
  const exists = async (f: string) => (await readFile(join(workTree, f)).catch(() => null)) !== null;
  for (const f of LEFTHOOK_FILES) if (await exists(f)) return { name: 'lefthook', evidence: f };
  for (const f of PRE_COMMIT_FILES) if (await exists(f)) return { name: 'pre-commit', evidence: f };
  for (const f of SIMPLE_GIT_HOOKS_FILES) if (await exists(f)) return { name: 'simple-git-hooks', evidence: f };
  const pkg = await readFile(join(workTree, 'package.json'), 'utf8').catch(() => null);
  if (pkg && hasSimpleGitHooksKey(pkg)) return { name: 'simple-git-hooks', evidence: 'package.json "simple-git-hooks"' };
  return null;
}

function hasSimpleGitHooksKey(text: string): boolean {
  try {
    const data = JSON.parse(text) as Record<string, unknown>;
    return typeof data === 'object' && data !== null && 'simple-git-hooks' in data;
  } catch {
    return false;
  }
}

const GUARD = 'command -v git-checkpoint >/dev/null 2>&1 && git checkpoint hook';

/** The exact lines to add for a manager, with where they go and the command that applies them. */
export function managerSnippet(manager: Manager): string {
  switch (manager.name) {
    case 'husky':
      return [
        'Add these lines to .husky/post-checkout and .husky/pre-push (create the files if needed):',
        '',
        '  # .husky/post-checkout',
        `  ${GUARD} post-checkout "$@" || true`,
        '',
        '  # .husky/pre-push',
        `  ${GUARD} pre-push -- "$@" </dev/null || true`,
        '',
      ].join('\n');
    case 'lefthook':
      return [
        `Add to ${manager.evidence}, then run: lefthook install`,
        '',
        '  post-checkout:',
        '    commands:',
        '      git-checkpoint:',
        '        run: git checkpoint hook post-checkout {0} || true',
        '  pre-push:',
        '    commands:',
        '      git-checkpoint:',
        '        run: git checkpoint hook pre-push -- {0} || true',
        '',
      ].join('\n');
    case 'pre-commit':
      return [
        `Add to ${manager.evidence}, then run: pre-commit install --hook-type post-checkout --hook-type pre-push`,
        '',
        '  - repo: local',
        '    hooks:',
        '      - id: git-checkpoint-post-checkout',
        '        name: git-checkpoint reminder',
        '        entry: git checkpoint hook post-checkout',
        '        language: system',
        '        stages: [post-checkout]',
        '        always_run: true',
        '        pass_filenames: false',
        '        verbose: true',
        '      - id: git-checkpoint-pre-push',
        '        name: git-checkpoint push along',
        '        entry: git checkpoint hook pre-push',
        '        language: system',
        '        stages: [pre-push]',
        '        always_run: true',
        '        pass_filenames: false',
        '',
        '(under "repos:"; pre-commit passes the hook arguments in PRE_COMMIT_* variables, which the hook reads)',
        '',
      ].join('\n');
    case 'simple-git-hooks':
      return [
        'Add to the "simple-git-hooks" configuration (package.json), then run: npx simple-git-hooks',
        '',
        `  "post-checkout": "${GUARD} post-checkout \\"$@\\" || true",`,
        `  "pre-push": "${GUARD} pre-push -- \\"$@\\" </dev/null || true"`,
        '',
      ].join('\n');
  }
}

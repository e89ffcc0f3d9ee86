/** What `install` prints: what it did, or with --manual the commands that would do it. */
import { shellQuote } from '../text/shell.js';
import type { ConfigPlan } from './config-plan.js';
import { describeHookStep, type HookStep } from './hook-plan.js';
import { managerSnippet, type Manager } from './managers.js';

export interface InstallOutcome {
  hooksDir: string;
  manager: Manager | null;
  hooks: HookStep[];
  config: ConfigPlan;
  writer: string;
  writerCreated: boolean;
}

const PUSH_NOTICE = [
  'From now on `git push` also pushes your own checkpoints, with their snapshot of',
  'uncommitted work (the wip tree), to the remote you push to.',
  '  to stop pushing them along:        git config checkpoint.autoPush false',
  '  to keep uncommitted work out:      git config checkpoint.wip false',
  '  to undo everything install did:    git checkpoint uninstall',
];

/** The report after install applied its plan. */
export function renderInstalled(o: InstallOutcome): string {
  const lines: string[] = [];
  if (o.manager) {
    lines.push(`hooks: ${o.hooksDir} belongs to ${o.manager.name} (${o.manager.evidence}); nothing was written there.`);
    lines.push(managerSnippet(o.manager));
  } else {
    lines.push(`hooks in ${o.hooksDir}:`, ...o.hooks.map(describeHookStep));
  }
  lines.push('config (this repository):');
  if (o.writerCreated) lines.push(`  checkpoint.writer = ${o.writer} (new: this clone's writer id)`);
  o.config.steps.forEach((s, i) => {
    const first = o.config.steps.findIndex((t) => t.key === s.key) === i;
    lines.push(`  ${s.key} += ${s.value}${first ? `   (${s.why})` : ''}`);
  });
  if (!o.writerCreated && !o.config.steps.length) lines.push('  already configured');
  if (o.config.remoteNote) lines.push(`  note: ${o.config.remoteNote}`);
  lines.push('', ...PUSH_NOTICE, '');
  return lines.join('\n');
}

/** `install --manual`: the commands and lines to add by hand; nothing was changed. */
export function renderManual(o: InstallOutcome, scriptsDir: string): string {
  const lines = ['# git checkpoint install --manual: nothing was changed. To install by hand:', ''];
  if (o.manager) {
    lines.push(`# hooks: ${o.hooksDir} belongs to ${o.manager.name} (${o.manager.evidence}).`, managerSnippet(o.manager));
  } else {
    for (const step of o.hooks) lines.push(...manualHook(step, scriptsDir));
  }
  lines.push('# config:');
  if (o.writerCreated) lines.push(`git config checkpoint.writer ${shellQuote(o.writer)}`);
  for (const s of o.config.steps) lines.push(`git config --add ${shellQuote(s.key)} ${shellQuote(s.value)}`);
  if (!o.writerCreated && !o.config.steps.length) lines.push('# (already configured)');
  if (o.config.remoteNote) lines.push(`# note: ${o.config.remoteNote}`);
  lines.push('', ...PUSH_NOTICE.map((l) => `# ${l}`), '');
  return lines.join('\n');
}

function manualHook(step: HookStep, scriptsDir: string): string[] {
  const { name, path } = step.facts;
  if (step.kind === 'unchanged') return [`# ${name}: already installed`, ''];
  if (step.kind === 'create' || step.kind === 'update') {
    return [`# ${name}:`, `cp ${shellQuote(`${scriptsDir}/${name}`)} ${shellQuote(path)} && chmod +x ${shellQuote(path)}`, ''];
  }
  const line = name === 'pre-push'
    ? 'git checkpoint hook pre-push -- "$@" </dev/null || :'
    : 'git checkpoint hook post-checkout "$@" || :';
  const where = name === 'pre-push' ? ' (after it has read its stdin; before any exit)' : ' (before any exit)';
  return [`# ${name}: ${path} is not ours; add this line to it${where}:`, `#   ${line}`, ''];
}

/** `git checkpoint install [--manual] [--force]` (SPEC §10): hooks and config for this repository. */
import { maxPositionals } from '../cli/args.js';
import type { CommandResult, Context, ParsedArgs } from '../io/context.js';
import { ensureWriter, readIdentity, readWriter } from '../checkpoint/store/identity.js';
import { makeWriterId } from '../checkpoint/record/ids.js';
import { chainRef } from '../checkpoint/store/refs.js';
import { checkRemoteName, defaultRemote } from '../checkpoint/sharing/remote.js';
import { UnsupportedError } from '../errors.js';
import { hooksDirectory, unsetConfigValue } from '../git/cli/admin.js';
import type { Repo } from '../git/repo.js';
import { applyInstall } from '../install/apply-install.js';
import { planConfig } from '../install/config-plan.js';
import { shippedHooksDir } from '../install/hook-scripts.js';
import { planHook, readHookFacts, removeStagedLeftovers } from '../install/hook-plan.js';
import { detectManager } from '../install/managers.js';
import { renderInstalled, renderManual, type InstallOutcome } from '../install/report.js';
import type { JsonOutputOf } from '../schemas/json-outputs.js';

/** What `install` was asked for: print instead of write (`manual`), replace foreign hooks (`force`). */
export interface InstallOptions {
  manual: boolean;
  force: boolean;
}

/** The arguments as options; UsageError for any argument. Pure: tests check parsing alone. */
export function installOptions(args: ParsedArgs): InstallOptions {
  maxPositionals(args, 0, 'install');
  return { manual: Boolean(args.values.manual), force: Boolean(args.values.force) };
}

export async function run(ctx: Context, args: ParsedArgs): Promise<CommandResult> {
  return runInstall(ctx, installOptions(args));
}

export async function runInstall(ctx: Context, { manual, force }: InstallOptions): Promise<CommandResult> {
  const repo = await gitRepo(ctx, 'install');
  const env = ctx.deps.env;
  // Refused here as push and fetch would refuse it, before anything is written.
  checkRemoteName(await defaultRemote(repo));
  const hooksDir = await hooksDirectory(repo.info, env);
  const manager = await detectManager(repo.info.workTree, await repo.getConfig('core.hooksPath'));
  const existing = await readWriter(repo);
  const identity = await readIdentity(repo, env);
  const candidate = makeWriterId(identity.isFallback ? {} : identity, ctx.deps.random);
  const writer = existing ?? (manual ? candidate : await ensureWriter(repo, candidate, ctx.deps.now));
  const config = await planConfig(repo, env, writer);
  const hooks = manager ? [] : (await readHookFacts(hooksDir)).map((f) => planHook(f, force));
  const outcome: InstallOutcome = { hooksDir, manager, hooks, config, writer, writerCreated: existing === null };
  const json: JsonOutputOf<'install'> = {
    manual, hooksDir, manager: manager?.name ?? null, writer, writerCreated: outcome.writerCreated,
    hooks: hooks.map((h) => ({ name: h.facts.name, action: h.kind })),
    config: config.steps.map(({ key, value }) => ({ key, value })),
  };
  if (manual) return { outcome: 'ok', json, text: renderManual(outcome, shippedHooksDir()) };

  if (!manager) await removeStagedLeftovers(hooksDir);
  const alsoAdded = outcome.writerCreated ? [{ key: 'checkpoint.writer', value: writer }] : [];
  await applyInstall(repo, env, { hooks, config: config.steps, alsoAdded, present: config.present }).catch(async (err: unknown) => {
    // The writer id made for this install goes too, unless a save has used it meanwhile.
    if (outcome.writerCreated && !(await repo.readRef(chainRef(writer)))) await unsetConfigValue(repo, env, 'checkpoint.writer', writer);
    throw err;
  });
  const blocked = hooks.filter((h) => h.kind === 'blocked');
  const problems = blocked.map((b) => ({ message: `${b.facts.name} hook not installed: ${'reason' in b ? b.reason : ''}` }));
  return { outcome: blocked.length ? 'failed' : 'ok', problems, json, report: renderInstalled(outcome) };
}

/** Hooks run under git, so install and uninstall need the git binary's repository. */
export async function gitRepo(ctx: Context, command: string): Promise<Repo> {
  const repo = await ctx.repo();
  if (repo.backend !== 'cli') throw new UnsupportedError(`'${command}' needs the git binary: hooks only run under git`);
  return repo;
}

/** `git checkpoint doctor [--fix]` (SPEC §5): checks, and rebuilds what is derived. */
import { maxPositionals } from '../cli/args.js';
import type { CommandResult, Context, ParsedArgs } from '../io/context.js';
import { readIdentity, readWriter } from '../checkpoint/store/identity.js';
import { makeWriterId } from '../checkpoint/record/ids.js';
import { describeCollision, findCollisions, listChainTips } from '../checkpoint/listing/writer-copies.js';
import { finishWriterMove, planWriterMove, readPendingMove } from '../checkpoint/planners/writer-move.js';
import { moveWriterConfig } from '../install/writer-config.js';
import { clearListingCache, loadListing } from '../checkpoint/listing/listing.js';
import type { Listing } from '../checkpoint/listing/types.js';
import { loadRecord } from '../checkpoint/listing/resolve.js';
import { findUnsafeEntries } from '../checkpoint/record/safe-path.js';
import type { Person, Repo } from '../git/repo.js';
import { parseMessage } from '../checkpoint/record/message.js';
import { readOwnCommits } from '../checkpoint/store/own-chain.js';
import { chainRef } from '../checkpoint/store/refs.js';
import { SETTINGS, settingError } from '../checkpoint/config/settings.js';
import { rewriteOwnChain } from '../checkpoint/planners/rewrite-chain.js';
import { repairNotes } from '../checkpoint/store/notes-repair.js';
import { clearRewrite, readPendingRewrite } from '../checkpoint/store/rewrite-pending.js';
import { visible } from '../text/sanitize.js';
import { OperationError } from '../errors.js';
import type { JsonOutputOf } from '../schemas/json-outputs.js';
import { checkInstall, type Finding } from './doctor-install.js';
import { readFailure } from '../agent/session-record.js';


/** What `doctor` was asked for: whether to rebuild what is derived. */
export interface DoctorOptions {
  fix: boolean;
}

/** The arguments as options; UsageError for any argument. Pure: tests check parsing alone. */
export function doctorOptions(args: ParsedArgs): DoctorOptions {
  maxPositionals(args, 0, 'doctor');
  return { fix: Boolean(args.values.fix) };
}

export async function run(ctx: Context, args: ParsedArgs): Promise<CommandResult> {
  return runDoctor(ctx, doctorOptions(args));
}

export async function runDoctor(ctx: Context, { fix }: DoctorOptions): Promise<CommandResult> {
  const repo = await ctx.repo();
  const findings: Finding[] = [{ check: 'git', ok: true, detail: `backend ${repo.backend}, ${repo.info.objectFormat}` }];
  findings.push(await checkSettings(repo));
  const identity = await readIdentity(repo, ctx.deps.env);
  const who = { name: identity.name, email: identity.email, timestamp: Math.floor(ctx.deps.now().getTime() / 1000), tzOffsetMinutes: 0 };
  // A move to a new writer id that a killed doctor --fix left midway is finished before anything reads the writer.
  const pendingMove = fix ? await readPendingMove(repo) : null;
  if (pendingMove) await finishWriterMove(repo, pendingMove, who, (from, to) => moveWriterConfig(repo, ctx.deps.env, from, to));
  // With a bad writer id the checks below have no own chain to look at.
  let writer = await readWriter(repo).catch((err: Error) => err);
  if (writer instanceof Error) findings.push({ check: 'writer', ok: false, detail: `cannot be read: ${visible(writer.message)}` });
  else if (writer === null) findings.push({ check: 'writer', ok: true, detail: 'none yet (created by the first save)' });
  else {
    const shared = await checkSharedWriter(ctx, repo, writer, who, fix);
    findings.push(shared.finding);
    writer = shared.writer;
  }
  if (fix) await clearListingCache(repo);
  const listing = await loadListing(repo, { now: ctx.deps.now().getTime() });
  findings.push({
    check: 'records',
    ok: listing.invalid.length === 0 && listing.warnings.length === 0,
    detail: `${listing.checkpoints.length} valid, ${listing.invalid.length} invalid` +
      (listing.warnings.length ? `, ${listing.warnings.length} not what their ref says` : '') +
      listing.invalid.map((i) => `\n    invalid ${i.commit}: ${visible(i.error)}`).join('') +
      listing.warnings.map((w) => `\n    ${visible(w)}`).join(''),
  });
  findings.push(await checkWipTrees(repo, listing));
  if (typeof writer === 'string') {
    findings.push(await checkOwnChain(repo, writer, who, fix));
    const interrupted = await readPendingRewrite(repo, writer);
    const notes = await repairNotes(repo, writer, who, fix);
    if (fix && interrupted) await clearRewrite(repo);
    const broken = notes.missing + notes.stale > 0;
    const why = interrupted && broken ? ', left by an interrupted prune or drop' : '';
    findings.push({
      check: 'notes',
      ok: !broken || fix,
      detail: broken
        ? `${notes.missing} missing, ${notes.stale} stale line(s)${why}${fix ? ': rebuilt' : ' (run git checkpoint doctor --fix)'}`
        : 'consistent with the chain',
    });
  }
  findings.push(...(await checkInstall(repo, ctx.deps.env, typeof writer === 'string' ? writer : null)));
  const hookFailure = await readFailure(repo);
  if (hookFailure) {
    findings.push({
      check: 'agent hooks',
      ok: false,
      detail: `last failure ${hookFailure.at} (${hookFailure.agent} ${hookFailure.hook}): ${visible(hookFailure.message)}; the next successful save clears this`,
    });
  }
  const ok = findings.every((f) => f.ok);
  const text = findings.map((f) => `${f.ok ? 'ok  ' : 'FAIL'}  ${f.check}: ${f.detail}`).join('\n') + '\n';
  const json: JsonOutputOf<'doctor'> = { ok, fixed: fix, findings };
  return { outcome: ok ? 'ok' : 'failed', json, text };
}

/**
 * A writer id is one clone's (SPEC §3). A copy of the repository that saves
 * under the same id shows as a fetched copy of the own chain holding
 * checkpoints this clone did not save (writer-copies.ts). `--fix` gives this
 * copy a new id and moves its own line there (writer-move.ts); the remote and
 * the other copy's checkpoints are left as they are. Returns the writer id
 * the checks after this one use.
 */
async function checkSharedWriter(ctx: Context, repo: Repo, writer: string, who: Person, fix: boolean): Promise<{ finding: Finding; writer: string }> {
  const collisions = (await findCollisions(repo, await listChainTips(repo))).filter((c) => c.writer === writer);
  if (!collisions.length) return { finding: { check: 'writer', ok: true, detail: writer }, writer };
  const problem = collisions.map((c) => visible(describeCollision(c))).join('; ');
  if (!fix) return { finding: { check: 'writer', ok: false, detail: `${writer}: ${problem} (run git checkpoint doctor --fix: this copy gets a writer id of its own)` }, writer };
  const identity = await readIdentity(repo, ctx.deps.env);
  let to = makeWriterId(identity.isFallback ? {} : identity, ctx.deps.random);
  while (to === writer || (await repo.readRef(chainRef(to)))) to = makeWriterId(identity.isFallback ? {} : identity, ctx.deps.random);
  const copyTips = (await Promise.all(collisions.map((c) => repo.readRef(c.ref)))).filter((oid): oid is string => oid !== null);
  // A save landing under the old id between the plan and the first ref move makes the plan stale: planned again.
  for (let attempt = 0; ; attempt++) {
    if (attempt === 5) throw new OperationError(`could not move ${chainRef(writer)} to a new writer id: saves kept moving it`, { hint: 'run git checkpoint doctor --fix again' });
    const plan = await planWriterMove(repo, writer, to, copyTips);
    if ((await finishWriterMove(repo, plan, who, (from, next) => moveWriterConfig(repo, ctx.deps.env, from, next))) === 'done') {
      const kept = plan.unreadable.length ? `; ${plan.unreadable.length} unreadable one(s) stay on the old tip, kept in refs/checkpoint-dropped/${writer}` : '';
      const detail = `${writer} was shared with another copy of this repository: this copy is now ${to}, its ${plan.moved.length} own checkpoint(s) moved to ${chainRef(to)} ` +
        `(ids kept)${kept}; the shared ones and the other copy's stay under ${writer}, nothing on the remote changed; share yours with: git checkpoint push`;
      return { finding: { check: 'writer', ok: true, detail }, writer: to };
    }
  }
}

/**
 * The own chain's first-parent line must hold only this writer's checkpoints
 * (SPEC §3). An older version could make a teammate's checkpoint the first
 * parent of a writer's first one; `--fix` rewrites the chain so that commit
 * becomes an extra (lineage) parent: every checkpoint is kept, ids included.
 */
async function checkOwnChain(repo: Repo, writer: string, who: Person, fix: boolean): Promise<Finding> {
  const { commits, foreign } = await readOwnCommits(repo, writer);
  if (!foreign) return { check: 'chain', ok: true, detail: `${chainRef(writer)}: ${commits.length} checkpoint(s), all yours` };
  const whose = visible(parseMessage(foreign.message).writer ?? '?');
  const problem = `${chainRef(writer)} reaches ${foreign.oid} of writer ${whose} through first parents`;
  if (!fix) return { check: 'chain', ok: false, detail: `${problem} (run git checkpoint doctor --fix)` };
  const result = await rewriteOwnChain(repo, writer, who, () => [], { repair: true });
  return { check: 'chain', ok: result.repaired, detail: `${problem}: ${result.repaired ? `repaired, ${result.kept} checkpoint(s) kept, ${whose}'s kept as a lineage parent` : 'not repaired'}` };
}

/**
 * Every checkpoint.* value, judged as the command that reads it judges it: a
 * value that command would refuse (`fatal: bad config value`) fails here,
 * with the same message, before any command runs into it.
 */
async function checkSettings(repo: Repo): Promise<Finding> {
  const bad: string[] = [];
  for (const def of SETTINGS) {
    const values = def.multiple ? await repo.getConfigAll(def.key) : [await repo.getConfig(def.key)].filter((v) => v !== null);
    for (const value of values) {
      const error = settingError(def, value);
      if (error) bad.push(`\n    ${visible(error.message)}`);
    }
  }
  return bad.length
    ? { check: 'settings', ok: false, detail: `${bad.length} bad value(s); every command that reads one stops (see git checkpoint config)${bad.join('')}` }
    : { check: 'settings', ok: true, detail: 'every checkpoint.* value can be read' };
}

/** Every wip tree must only hold paths that stay in the working tree (SPEC §9); bounded per tree. */
async function checkWipTrees(repo: Repo, listing: Listing): Promise<Finding> {
  const bad: string[] = [];
  for (const summary of listing.checkpoints) {
    const record = await loadRecord(repo, summary).catch(() => null);
    const tree = record?.git.wip?.tree;
    if (!tree) continue;
    const check = await findUnsafeEntries(repo, tree);
    if (check.unsafe.length) bad.push(`\n    ${summary.id} (${summary.commit}): unsafe paths ${check.unsafe.slice(0, 5).map((p) => visible(p)).join(', ')}`);
  }
  return { check: 'wip', ok: bad.length === 0, detail: bad.length ? `${bad.length} wip tree(s) with unsafe paths${bad.join('')}` : 'every wip path stays in the working tree' };
}

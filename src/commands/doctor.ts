/** `git checkpoint doctor [--fix]` (SPEC §5): checks, and rebuilds what is derived. */
import { maxPositionals, type OptionSpec } from '../cli/args.js';
import type { CommandResult, Context, ParsedArgs } from '../cli/context.js';
import { EXIT } from '../cli/exit-codes.js';
import { readIdentity, readWriter } from '../checkpoint/identity.js';
import { clearListingCache, loadListing } from '../checkpoint/listing.js';
import { repairNotes } from '../checkpoint/notes-repair.js';

export const options: OptionSpec = { fix: { type: 'boolean' } };
export const usage = 'git checkpoint doctor [--fix]';

interface Finding {
  check: string;
  ok: boolean;
  detail: string;
}

export async function run(ctx: Context, args: ParsedArgs): Promise<CommandResult> {
  maxPositionals(args, 0, 'doctor');
  const fix = Boolean(args.values.fix);
  const repo = await ctx.repo();
  const findings: Finding[] = [{ check: 'git', ok: true, detail: `backend ${repo.backend}, ${repo.info.objectFormat}` }];
  const writer = await readWriter(repo);
  findings.push({ check: 'writer', ok: true, detail: writer ?? 'none yet (created by the first save)' });
  if (fix) await clearListingCache(repo);
  const listing = await loadListing(repo);
  findings.push({
    check: 'records',
    ok: listing.invalid.length === 0,
    detail: `${listing.checkpoints.length} valid, ${listing.invalid.length} invalid` +
      listing.invalid.map((i) => `\n    invalid ${i.commit}: ${i.error}`).join(''),
  });
  if (writer) {
    const id = await readIdentity(repo, ctx.deps.env);
    const who = { name: id.name, email: id.email, timestamp: Math.floor(ctx.deps.now().getTime() / 1000), tzOffsetMinutes: 0 };
    const notes = await repairNotes(repo, writer, who, fix);
    const broken = notes.missing + notes.stale > 0;
    findings.push({
      check: 'notes',
      ok: !broken || fix,
      detail: broken
        ? `${notes.missing} missing, ${notes.stale} stale line(s)${fix ? ': rebuilt' : ' (run git checkpoint doctor --fix)'}`
        : 'consistent with the chain',
    });
  }
  const ok = findings.every((f) => f.ok);
  const text = findings.map((f) => `${f.ok ? 'ok  ' : 'FAIL'}  ${f.check}: ${f.detail}`).join('\n') + '\n';
  return { exitCode: ok ? EXIT.ok : EXIT.failed, json: { ok, fixed: fix, findings }, text };
}

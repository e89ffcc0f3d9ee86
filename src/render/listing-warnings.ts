/**
 * The warnings a listing carries (invalid records, refs that are not what
 * they say), aggregated: one hostile chain with 100,000 bad commits must not
 * print 100,000 lines on every command (SPEC §9). `doctor` lists them all.
 */
import type { Listing } from '../checkpoint/listing/types.js';
import { visible } from '../text/sanitize.js';

/** Up to this many problems are printed one per line. */
export const WARNINGS_SHOWN_IN_FULL = 20;
/** Past that, this many are printed, then one line with the count. */
const WARNINGS_SAMPLE = 10;

/** The `warning:` lines (without the prefix) for a listing's problems, at most WARNINGS_SAMPLE + 1 when there are many. */
export function listingWarnings(listing: Pick<Listing, 'invalid' | 'warnings'>): string[] {
  const total = listing.invalid.length + listing.warnings.length;
  const limit = total > WARNINGS_SHOWN_IN_FULL ? WARNINGS_SAMPLE : total;
  const lines: string[] = [];
  for (const bad of listing.invalid) {
    if (lines.length >= limit) break;
    lines.push(`skipping invalid checkpoint ${bad.commit}: ${visible(bad.error)}`);
  }
  for (const w of listing.warnings) {
    if (lines.length >= limit) break;
    lines.push(visible(w));
  }
  if (total > limit) lines.push(`${total - limit} more problems with stored checkpoints (${total} in all); see them with: git checkpoint doctor`);
  return lines;
}

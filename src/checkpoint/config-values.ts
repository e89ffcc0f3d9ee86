/**
 * Config values as git reads them. A module with no imports: the pre-push
 * hook reads checkpoint.autoPush through it without loading what the
 * snapshot code needs (micromatch).
 */

/** Git's boolean spellings; null when the value is none of them. */
export function parseBool(value: string): boolean | null {
  const v = value.trim().toLowerCase();
  if (['true', 'yes', 'on', '1'].includes(v)) return true;
  if (['false', 'no', 'off', '0', ''].includes(v)) return false;
  return null;
}

/** A size as git writes them: `512`, `100k`, `1m`, `1g`; null when invalid. */
export function parseSize(value: string): number | null {
  const m = /^\s*(\d+)\s*([kmg]?)\s*$/i.exec(value);
  if (!m) return null;
  const unit = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[m[2]!.toLowerCase() as '' | 'k' | 'm' | 'g'];
  return Number(m[1]) * unit;
}

/**
 * Labels share the namespace of checkpoint names (SPEC §3, §5): a label that
 * reads as `latest`, an id, a prefix of an id or a commit id would shadow the
 * checkpoint it names, so such labels are refused when saving.
 */

const ID_PREFIX = /^[0-9]{1,8}(-([0-9]{1,6}(-[a-z0-9]{0,4})?)?)?$/;
const HEX = /^[0-9a-fA-F]{4,64}$/;

/** What `label` would shadow ("the name 'latest'", "checkpoint ids", "commit ids"); null when it is safe. */
export function shadowedName(label: string): string | null {
  if (/^latest(~[0-9]*)?$/i.test(label)) return "the name 'latest'";
  if (ID_PREFIX.test(label)) return 'checkpoint ids (YYYYMMDD-HHMMSS-xxxx and their prefixes)';
  if (HEX.test(label)) return 'commit ids (hexadecimal)';
  return null;
}

/**
 * A government id as it may be shown: every character but the last four replaced by `*`
 * (`123456789` → `*****6789`). An id of four characters or fewer is masked entirely, since its
 * last four characters would be all of it.
 */
export function maskGovernmentId(governmentId: string): string {
  const chars = [...governmentId];
  if (chars.length <= 4) return '*'.repeat(chars.length);
  return '*'.repeat(chars.length - 4) + chars.slice(-4).join('');
}

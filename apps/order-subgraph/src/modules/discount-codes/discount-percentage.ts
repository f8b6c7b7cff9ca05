/** A percentage as the API carries it: a decimal string above 0 and at most 100, up to 4 decimals. */
export const PERCENTAGE = /^(100(\.0{1,4})?|[0-9]{1,2}(\.[0-9]{1,4})?)$/;

/** `percentage` % of `amount` in minor units, rounded half up (integer arithmetic). */
export function percentOf(amount: number, percentage: string): number {
  const [whole, fraction = ''] = percentage.split('.');
  const tenThousandths = Number(whole) * 10_000 + Number(fraction.padEnd(4, '0'));
  return Math.floor((amount * tenThousandths + 500_000) / 1_000_000);
}

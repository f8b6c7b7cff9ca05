import type { Money } from './order-commands';
import { MAX_AMOUNT } from './order-rules';
import { OrderErrors } from './orders.errors';

/**
 * The minor-unit value of `money` after checking it is in the order's currency and a
 * non-negative integer (`positive`: above zero). `path` names the input field in errors.
 */
export function amountIn(
  money: Money,
  currencyCode: string,
  path: readonly (string | number)[],
  positive = false,
): number {
  if (money.currencyCode !== currencyCode)
    throw OrderErrors.currencyMismatch([...path, 'currencyCode'], currencyCode);
  if (!Number.isInteger(money.value) || money.value < (positive ? 1 : 0) || money.value > MAX_AMOUNT) {
    throw OrderErrors.invalidField(
      [...path, 'value'],
      'OUT_OF_RANGE',
      positive ? 'must be an integer from 1 to 2147483647' : 'must be an integer from 0 to 2147483647',
    );
  }
  return money.value;
}

/** `amountIn` for an optional amount: absent or null is zero. */
export function optionalAmountIn(
  money: Money | null | undefined,
  currencyCode: string,
  path: readonly (string | number)[],
): number {
  return money ? amountIn(money, currencyCode, path) : 0;
}

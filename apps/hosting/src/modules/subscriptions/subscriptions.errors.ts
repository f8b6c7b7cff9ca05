import { Errors, PlatformError } from '@platform/errors';

/** Codes of the subscriptions feature (docs/errors.md). */
export const SubscriptionErrorCode = {
  SUBSCRIPTION_NOT_FOUND: 'SUBSCRIPTION_NOT_FOUND',
  NO_CAPACITY: 'NO_CAPACITY',
  /** Internal API: the account provisioned no plan with this reference. */
  HOSTING_PLAN_NOT_FOUND: 'HOSTING_PLAN_NOT_FOUND',
  /** Internal API: the reference already names a plan of another product or slot limit. */
  REFERENCE_MISMATCH: 'REFERENCE_MISMATCH',
} as const;

export const SubscriptionErrors = {
  /** Missing, or of another account: alike, 404. */
  subscriptionNotFound(message = 'no such subscription'): PlatformError {
    return Errors.notFound(message, SubscriptionErrorCode.SUBSCRIPTION_NOT_FOUND);
  },
  noCapacity(message: string): PlatformError {
    return Errors.conflict(SubscriptionErrorCode.NO_CAPACITY, message);
  },
  hostingPlanNotFound(): PlatformError {
    return Errors.notFound(
      'the account provisioned no hosting plan with this reference',
      SubscriptionErrorCode.HOSTING_PLAN_NOT_FOUND,
    );
  },
  referenceMismatch(reference: string, hostingProduct: string, slotLimit: number): PlatformError {
    const message = `reference ${reference} already names a ${hostingProduct} plan of ${slotLimit} slots; use a new reference for another plan`;
    return Errors.unprocessable(SubscriptionErrorCode.REFERENCE_MISMATCH, message, [
      { location: 'body', path: ['reference'], code: SubscriptionErrorCode.REFERENCE_MISMATCH, message },
    ]);
  },
};

import { Errors, PlatformError } from '@platform/errors';

/** Codes of the subscriptions feature (docs/errors.md). */
export const SubscriptionErrorCode = {
  SUBSCRIPTION_NOT_FOUND: 'SUBSCRIPTION_NOT_FOUND',
  NO_CAPACITY: 'NO_CAPACITY',
} as const;

export const SubscriptionErrors = {
  /** Missing, or of another account: alike, 404. */
  subscriptionNotFound(message = 'no such subscription'): PlatformError {
    return Errors.notFound(message, SubscriptionErrorCode.SUBSCRIPTION_NOT_FOUND);
  },
  noCapacity(message: string): PlatformError {
    return Errors.conflict(SubscriptionErrorCode.NO_CAPACITY, message);
  },
};

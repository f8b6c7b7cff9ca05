import { Errors, PlatformError } from '@platform/errors';

export const PaymentProfilesErrorCode = {
  /** The account has no payment profile (admin CLI `payment-profile add`). */
  NO_PAYMENT_PROFILE: 'NO_PAYMENT_PROFILE',
  /** The account's payment profile is DECLINED (admin CLI `payment-profile decline`). */
  BILLING_DECLINED: 'BILLING_DECLINED',
} as const;

export const PaymentProfilesErrors = {
  noProfile(): PlatformError {
    return Errors.unprocessable(
      PaymentProfilesErrorCode.NO_PAYMENT_PROFILE,
      'the account has no payment profile; add one before ordering',
    );
  },
  declined(): PlatformError {
    return Errors.unprocessable(
      PaymentProfilesErrorCode.BILLING_DECLINED,
      "the account's payment profile was declined",
    );
  },
};

import { Errors, PlatformError } from '@platform/errors';

export const OrdersErrorCode = {
  /** 409: reserved, registered elsewhere, or registered on this platform (or being purchased). */
  DOMAIN_NOT_AVAILABLE: 'DOMAIN_NOT_AVAILABLE',
  /** 422: consent.agreementKeys lacks DNRA. */
  INVALID_AGREEMENT_KEYS: 'INVALID_AGREEMENT_KEYS',
  /** 409: the domain is not ACTIVE or EXPIRED (its purchase or transfer is still running). */
  DOMAIN_NOT_RENEWABLE: 'DOMAIN_NOT_RENEWABLE',
  /** 422: the renewal would put the expiry more than 10 years from now. */
  PERIOD_TOO_LONG: 'PERIOD_TOO_LONG',
  /** 409: another order of this domain is still EXECUTING. */
  ORDER_IN_PROGRESS: 'ORDER_IN_PROGRESS',
  /** 422: the auth code does not match. */
  INVALID_AUTH_CODE: 'INVALID_AUTH_CODE',
  /** 409: the domain already belongs to the caller's account. */
  DOMAIN_ALREADY_OWNED: 'DOMAIN_ALREADY_OWNED',
  /** 422: a reserved name cannot be transferred. */
  DOMAIN_NOT_TRANSFERABLE: 'DOMAIN_NOT_TRANSFERABLE',
  /** 422: nobody holds the name, there is nothing to transfer (purchase it instead). */
  DOMAIN_NOT_REGISTERED: 'DOMAIN_NOT_REGISTERED',
  /** The sweep only: the domain was renewed meanwhile (another replica's sweep). */
  RENEWAL_NOT_DUE: 'RENEWAL_NOT_DUE',
  /** 404: no such order for this account. */
  ORDER_NOT_FOUND: 'ORDER_NOT_FOUND',
  /** 404 (internal API): the account placed no purchase with this reference. */
  PURCHASE_NOT_FOUND: 'PURCHASE_NOT_FOUND',
  /** 422 (internal API): the reference already names a purchase of another domain or period. */
  REFERENCE_MISMATCH: 'REFERENCE_MISMATCH',
} as const;

/**
 * Codes a FAILED order carries in failure.code besides the runner's own (libs/queue) and the
 * payment profile's (NO_PAYMENT_PROFILE, BILLING_DECLINED, when a purchase runs).
 */
export const OrderFailureCode = {
  /** The registration the order works on is no longer in the state the order was accepted for. */
  DOMAIN_STATE_CHANGED: 'DOMAIN_STATE_CHANGED',
} as const;

export const OrdersErrors = {
  notAvailable(domain: string): PlatformError {
    return Errors.conflict(
      OrdersErrorCode.DOMAIN_NOT_AVAILABLE,
      `${domain} is not available; check its availability before ordering`,
    );
  },
  invalidAgreementKeys(): PlatformError {
    const message = "consent.agreementKeys must include 'DNRA' (the domain name registration agreement)";
    return Errors.unprocessable(OrdersErrorCode.INVALID_AGREEMENT_KEYS, message, [
      {
        location: 'body',
        path: ['consent', 'agreementKeys'],
        code: OrdersErrorCode.INVALID_AGREEMENT_KEYS,
        message,
      },
    ]);
  },
  notRenewable(domain: string, status: string): PlatformError {
    return Errors.conflict(
      OrdersErrorCode.DOMAIN_NOT_RENEWABLE,
      `${domain} is ${status}, it cannot be renewed yet`,
    );
  },
  periodTooLong(maxYears: number): PlatformError {
    const message = `after this renewal the domain would expire more than ${maxYears} years from now`;
    return Errors.unprocessable(OrdersErrorCode.PERIOD_TOO_LONG, message, [
      { location: 'body', path: ['period'], code: OrdersErrorCode.PERIOD_TOO_LONG, message },
    ]);
  },
  orderInProgress(domain: string): PlatformError {
    return Errors.conflict(
      OrdersErrorCode.ORDER_IN_PROGRESS,
      `another order of ${domain} is in progress; read its state before retrying`,
    );
  },
  invalidAuthCode(): PlatformError {
    const message = 'the auth code does not match the one of the domain';
    return Errors.unprocessable(OrdersErrorCode.INVALID_AUTH_CODE, message, [
      { location: 'body', path: ['authCode'], code: OrdersErrorCode.INVALID_AUTH_CODE, message },
    ]);
  },
  alreadyOwned(domain: string): PlatformError {
    return Errors.conflict(
      OrdersErrorCode.DOMAIN_ALREADY_OWNED,
      `${domain} is already registered to this account`,
    );
  },
  notTransferable(domain: string): PlatformError {
    return Errors.unprocessable(
      OrdersErrorCode.DOMAIN_NOT_TRANSFERABLE,
      `${domain} is reserved and cannot be transferred`,
    );
  },
  notRegistered(domain: string): PlatformError {
    return Errors.unprocessable(
      OrdersErrorCode.DOMAIN_NOT_REGISTERED,
      `${domain} is not registered anywhere; purchase it instead`,
    );
  },
  renewalNotDue(domain: string): PlatformError {
    return Errors.conflict(OrdersErrorCode.RENEWAL_NOT_DUE, `${domain} was renewed meanwhile`);
  },
  orderNotFound(): PlatformError {
    return Errors.notFound('no such order', OrdersErrorCode.ORDER_NOT_FOUND);
  },
  purchaseNotFound(): PlatformError {
    return Errors.notFound(
      'no purchase of this account has this reference',
      OrdersErrorCode.PURCHASE_NOT_FOUND,
    );
  },
  referenceMismatch(reference: string, domain: string, period: number): PlatformError {
    return Errors.unprocessable(
      OrdersErrorCode.REFERENCE_MISMATCH,
      `reference ${reference} already names the purchase of ${domain} for ${period} year(s); use a new reference for another purchase`,
      [
        {
          location: 'body',
          path: ['reference'],
          code: OrdersErrorCode.REFERENCE_MISMATCH,
          message: 'reference already used',
        },
      ],
    );
  },
};

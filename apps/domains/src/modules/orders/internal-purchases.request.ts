import { IsDefined, IsInt, IsString, Matches, Max, Min } from 'class-validator';
import { AccountParams } from '../payment-profiles/internal-payment-profiles.request';
import { IsDomainName } from '../registry/domain-name.validator';
import { MAX_PERIOD_YEARS } from './orders.request';

/** A caller's idempotency reference: 1 to 200 of letters, digits and `. _ : ~ -` (it goes in a path). */
export const PURCHASE_REFERENCE = /^[A-Za-z0-9._:~-]{1,200}$/;
const REFERENCE_MESSAGE = 'reference must be 1 to 200 letters, digits or . _ : ~ -';

/** POST /internal/v1/accounts/{accountId}/domain-purchases (libs/contracts DomainPurchaseRequest). */
export class InternalPurchaseRequest {
  @IsDefined({ message: 'reference is required' })
  @IsString({ message: 'reference must be a string' })
  @Matches(PURCHASE_REFERENCE, { message: REFERENCE_MESSAGE })
  reference!: string;

  @IsDefined({ message: 'domain is required' })
  @IsDomainName()
  domain!: string;

  @IsDefined({ message: 'periodYears is required' })
  @IsInt({ message: 'periodYears must be an integer' })
  @Min(1, { message: `periodYears must be 1 to ${MAX_PERIOD_YEARS}` })
  @Max(MAX_PERIOD_YEARS, { message: `periodYears must be 1 to ${MAX_PERIOD_YEARS}` })
  periodYears!: number;
}

/** `{accountId}/domain-purchases/{reference}`. */
export class InternalPurchaseParams extends AccountParams {
  @IsDefined({ message: 'reference is required' })
  @Matches(PURCHASE_REFERENCE, { message: REFERENCE_MESSAGE })
  reference!: string;
}

import type { Variant } from '../runtime';
import type { CheckedDomainRecord } from './domain-records';

export type AppDomainStatus = 'PENDING' | 'ACTIVE' | 'FAILED';

/** How an ACTIVE domain was proven: records written into the caller's own zone, or found in DNS. */
export type DomainVerifiedBy = 'PLATFORM_ZONE' | 'DNS';

/** Why a domain is FAILED (its owned zone refused the records). */
export interface DomainFailure {
  readonly code: string;
  readonly message: string;
}

/** One row of `hosting.app_domains`. */
export interface AppDomain {
  readonly id: string;
  readonly hostname: string;
  readonly accountId: string;
  readonly appId: string;
  readonly variant: Variant;
  readonly status: AppDomainStatus;
  /** Published in DNS (the TXT record): not a secret. */
  readonly verificationToken: string;
  readonly verifiedBy: DomainVerifiedBy | null;
  /** The owned zone the records were written into. */
  readonly zone: string | null;
  readonly zoneWritten: boolean;
  readonly records: CheckedDomainRecord[];
  readonly failure: DomainFailure | null;
  readonly checks: number;
  readonly lastCheckedAt: Date | null;
  readonly nextCheckAt: Date | null;
  readonly verifiedAt: Date | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

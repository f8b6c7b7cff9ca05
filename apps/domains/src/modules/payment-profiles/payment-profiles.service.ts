import { Injectable } from '@nestjs/common';
import type { PaymentProfileStatus as PaymentProfileStatusView } from '@platform/contracts';
import { assertNever } from '@platform/errors';
import { PaymentProfileStatus } from './payment-profile.entity';

/** ACTIVE, DECLINING or NONE (libs/contracts, shopping-owners.ts). */
export type PaymentProfileStanding = PaymentProfileStatusView['status'];
import { PaymentProfilesErrors } from './payment-profiles.errors';
import { PaymentProfilesRepository } from './payment-profiles.repository';

/**
 * Whether an account may be charged: the sandbox's stand-in for billing. Also used outside Nest by
 * the admin CLI (`new PaymentProfilesService(new PaymentProfilesRepository(dataSource.manager))`).
 */
@Injectable()
export class PaymentProfilesService {
  constructor(private readonly profiles: PaymentProfilesRepository) {}

  /** Throws 422 NO_PAYMENT_PROFILE (no profile) or 422 BILLING_DECLINED (DECLINED). */
  async check(accountId: string): Promise<void> {
    const profile = await this.profiles.findByAccount(accountId);
    if (!profile) throw PaymentProfilesErrors.noProfile();
    if (profile.status !== 'ACTIVE') throw PaymentProfilesErrors.declined();
  }

  /**
   * What the Shopping API is told (GET /internal/v1/accounts/{accountId}/payment-profile): ACTIVE
   * (charges succeed), DECLINING (a DECLINED profile: charges are declined) or NONE (no profile).
   */
  async standingOf(accountId: string): Promise<PaymentProfileStanding> {
    const profile = await this.profiles.findByAccount(accountId);
    if (!profile) return 'NONE';
    switch (profile.status) {
      case 'ACTIVE':
        return 'ACTIVE';
      case 'DECLINED':
        return 'DECLINING';
      default:
        return assertNever(profile.status);
    }
  }

  /** Creates or replaces the account's profile. */
  async set(accountId: string, status: PaymentProfileStatus): Promise<void> {
    await this.profiles.upsert(accountId, status);
  }
}

import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PaymentProfileEntity, PaymentProfileStatus } from './payment-profile.entity';
import { PaymentProfilesErrors } from './payment-profiles.errors';

/**
 * Whether an account may be charged: the sandbox's stand-in for billing. Also used outside Nest by
 * the admin CLI (`new PaymentProfilesService(dataSource)`).
 */
@Injectable()
export class PaymentProfilesService {
  constructor(private readonly dataSource: DataSource) {}

  /** Throws 422 NO_PAYMENT_PROFILE (no profile) or 422 BILLING_DECLINED (DECLINED). */
  async check(accountId: string): Promise<void> {
    const profile = await this.dataSource.getRepository(PaymentProfileEntity).findOneBy({ accountId });
    if (!profile) throw PaymentProfilesErrors.noProfile();
    if (profile.status !== 'ACTIVE') throw PaymentProfilesErrors.declined();
  }

  /** Creates or replaces the account's profile. */
  async set(accountId: string, status: PaymentProfileStatus): Promise<void> {
    await this.dataSource.getRepository(PaymentProfileEntity).upsert({ accountId, status }, ['accountId']);
  }
}

import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { PaymentProfileEntity, PaymentProfileStatus } from './payment-profile.entity';

/** Storage of the accounts' payment profiles (`domains.payment_profiles`), one row per account. */
@Injectable()
export class PaymentProfilesRepository {
  constructor(private readonly manager: EntityManager) {}

  findByAccount(accountId: string): Promise<PaymentProfileEntity | null> {
    return this.manager.findOneBy(PaymentProfileEntity, { accountId });
  }

  /** Creates the account's profile, or replaces its status. */
  async upsert(accountId: string, status: PaymentProfileStatus): Promise<void> {
    await this.manager.upsert(PaymentProfileEntity, { accountId, status }, ['accountId']);
  }
}

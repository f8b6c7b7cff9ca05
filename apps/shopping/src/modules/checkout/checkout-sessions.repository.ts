import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { CheckoutSessionEntity } from './checkout-session.entity';

/** Storage of the checkout sessions (`shopping.checkout_sessions`). */
@Injectable()
export class CheckoutSessionsRepository {
  constructor(private readonly manager: EntityManager) {}

  /** The business's session (a business column), whoever owns it: the buyer's handoff page. */
  findOfBusiness(id: string, business: string): Promise<CheckoutSessionEntity | null> {
    return this.manager.getRepository(CheckoutSessionEntity).findOneBy({ id, business });
  }
}

import { Inject, Injectable, Logger } from '@nestjs/common';
import { PlatformError } from '@platform/errors';
import { RENEWAL_SETTINGS } from '../registry/registry-settings';
import type { RenewalSettings } from '../registry/registry-settings';
import { OrderPlacement } from './order-placement.service';
import { OrdersRepository } from './orders.repository';

/** Domains renewed, and expired, per statement of a sweep. */
export const SWEEP_BATCH = 500;

export interface SweepOutcome {
  readonly renewed: number;
  readonly expired: number;
}

/**
 * The worker's renewal and expiry sweep (every DOMAINS_MAINTENANCE_EVERY_S): renewAuto domains that
 * expire within DOMAINS_AUTO_RENEW_BEFORE_S get a one-year RENEW order through the API's own path,
 * then ACTIVE domains past their expiry with no order running become EXPIRED. Safe on every
 * replica at once: the in-flight order index lets one renewal per domain through. Run by the job
 * `renewal.sweep` (RenewalSweepScheduler), once per period across all workers.
 */
@Injectable()
export class RenewalSweep {
  private readonly logger = new Logger(RenewalSweep.name);

  constructor(
    private readonly orders: OrdersRepository,
    private readonly placement: OrderPlacement,
    @Inject(RENEWAL_SETTINGS) private readonly settings: RenewalSettings,
  ) {}

  async run(now = new Date()): Promise<SweepOutcome> {
    const renewed = await this.renewDue(now);
    const expired = await this.orders.expireLapsed(now, SWEEP_BATCH);
    if (renewed + expired > 0) this.logger.log(`renewal sweep: ${renewed} renewed, ${expired} expired`);
    return { renewed, expired };
  }

  private async renewDue(now: Date): Promise<number> {
    const horizon = new Date(now.getTime() + this.settings.autoRenewBeforeSeconds * 1000);
    const due = await this.orders.findDueForRenewal(horizon, SWEEP_BATCH);
    let renewed = 0;
    for (const { domain, accountId } of due) {
      try {
        await this.placement.renew(accountId, domain, 1, { now, dueBefore: horizon });
        renewed += 1;
      } catch (error) {
        // Refused like an API call would be (another order running, 10 years reached), or renewed
        // meanwhile by another replica's sweep: nothing to do until the next sweep.
        if (!(error instanceof PlatformError)) throw error;
        this.logger.debug(`no automatic renewal of ${domain}: ${error.code}`);
      }
    }
    return renewed;
  }
}

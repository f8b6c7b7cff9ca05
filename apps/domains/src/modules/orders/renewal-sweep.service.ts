import { Inject, Injectable, Logger } from '@nestjs/common';
import { drainInBatches } from '@platform/database';
import { PlatformError } from '@platform/errors';
import { DataSource } from 'typeorm';
import { RENEWAL_SETTINGS } from '../registry/registry-settings';
import type { RenewalSettings } from '../registry/registry-settings';
import { OrderPlacement } from './order-placement.service';

/** Domains renewed, and expired, per statement of a sweep. */
export const SWEEP_BATCH = 500;

export interface SweepOutcome {
  readonly renewed: number;
  readonly expired: number;
}

// Due for automatic renewal: domains_auto_renew_idx (expires, WHERE renew_auto AND ACTIVE),
// orders_in_flight_domain_key for the running order, the payment profile by its key.
const DUE_FOR_RENEWAL = `
  SELECT d.domain, d.account_id AS "accountId" FROM domains.domains d
  WHERE d.renew_auto AND d.status = 'ACTIVE' AND d.expires < $1
    AND NOT EXISTS (SELECT 1 FROM domains.orders o WHERE o.domain = d.domain AND o.status = 'EXECUTING')
    AND EXISTS (SELECT 1 FROM domains.payment_profiles p WHERE p.account_id = d.account_id AND p.status = 'ACTIVE')
  ORDER BY d.expires
  LIMIT $2`;

// Lapsed: domains_active_expiry_idx (expires, WHERE ACTIVE).
const EXPIRE = `
  UPDATE domains.domains SET status = 'EXPIRED', updated_at = now()
  WHERE domain_id IN (
    SELECT d.domain_id FROM domains.domains d
    WHERE d.status = 'ACTIVE' AND d.expires < $1
      AND NOT EXISTS (SELECT 1 FROM domains.orders o WHERE o.domain = d.domain AND o.status = 'EXECUTING')
    LIMIT $2 FOR UPDATE SKIP LOCKED)`;

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
    private readonly dataSource: DataSource,
    private readonly placement: OrderPlacement,
    @Inject(RENEWAL_SETTINGS) private readonly settings: RenewalSettings,
  ) {}

  async run(now = new Date()): Promise<SweepOutcome> {
    const renewed = await this.renewDue(now);
    const expired = await drainInBatches(this.dataSource, EXPIRE, [now], SWEEP_BATCH);
    if (renewed + expired > 0) this.logger.log(`renewal sweep: ${renewed} renewed, ${expired} expired`);
    return { renewed, expired };
  }

  private async renewDue(now: Date): Promise<number> {
    const horizon = new Date(now.getTime() + this.settings.autoRenewBeforeSeconds * 1000);
    const due: { domain: string; accountId: string }[] = await this.dataSource.query(DUE_FOR_RENEWAL, [
      horizon,
      SWEEP_BATCH,
    ]);
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

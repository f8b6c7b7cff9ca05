import { Injectable, Logger } from '@nestjs/common';
import { OrderEventsPublisher } from './order-events.publisher';
import { CONFIRM_JOB, DELIVER_EVENTS_JOB, PROVISION_JOB } from './orders.jobs';
import { ShoppingOrdersRepository } from './shopping-orders.repository';

/** Most orders of each kind one sweep looks at (the next sweep takes the rest). */
const SWEEP_BATCH = 500;

/**
 * The outbox's guarantee (`orders.sweep`, every minute): a platform order with a line still
 * `processing`, an order with an event neither delivered nor given up, and an order whose
 * confirmation e-mail is neither sent nor given up, gets its job again when none is live
 * (OrderEventsPublisher.requeue) — the add after a commit was lost, or BullMQ failed the job after
 * its attempts (an owner, a webhook or the mail server down longer than its backoff). The queries
 * are served by partial indexes (orders_provisioning_idx, order_events_pending_idx,
 * orders_confirmation_pending_idx).
 */
@Injectable()
export class OrdersSweep {
  private readonly logger = new Logger(OrdersSweep.name);

  constructor(
    private readonly orders: ShoppingOrdersRepository,
    private readonly publisher: OrderEventsPublisher,
  ) {}

  async run(): Promise<{ provision: number; deliver: number; confirm: number }> {
    const unprovisioned = await this.orders.findUnprovisionedIds(SWEEP_BATCH);
    const undelivered = await this.orders.findIdsWithPendingEvents(SWEEP_BATCH);
    const unconfirmed = await this.orders.findUnconfirmedIds(SWEEP_BATCH);
    let provision = 0;
    let deliver = 0;
    let confirm = 0;
    for (const id of unprovisioned) if (await this.publisher.requeue(PROVISION_JOB, id)) provision++;
    for (const id of undelivered) if (await this.publisher.requeue(DELIVER_EVENTS_JOB, id)) deliver++;
    for (const id of unconfirmed) if (await this.publisher.requeue(CONFIRM_JOB, id)) confirm++;
    if (provision + deliver + confirm > 0)
      this.logger.log(
        `sweep added ${provision} provisioning, ${deliver} delivery and ${confirm} confirmation job(s)`,
      );
    return { provision, deliver, confirm };
  }
}

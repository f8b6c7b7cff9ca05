import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EcPrivateJwk } from '@platform/crypto';
import { errorMessage } from '@platform/errors';
import { OutboundErrorCode, isOutboundError } from '@platform/outbound';
import { SHOPPING_SETTINGS, type ShoppingSettings } from '../../config/shopping-settings';
import { businessSigningKey } from '../discovery/business-signing-key';
import type { OrderEventEntity } from '../orders/order-event.entity';
import { OrdersService, businessKeyOf } from '../orders/orders.service';
import type { ShoppingOrderEntity } from '../orders/shopping-order.entity';
import { ShoppingOrdersRepository } from '../orders/shopping-orders.repository';
import { AgentProfilesService } from '../ucp/agent-profiles.service';
import { OrderEventsRepository } from './order-events.repository';
import { orderWebhookHeaders, webhookId } from './order-webhook-request';

/** An event undelivered this long is given up at the end of its next round of attempts. */
export const MAX_DELIVERY_AGE_MS = 24 * 3600 * 1000;

/** What one delivery run did. */
export interface DeliveryRun {
  readonly delivered: number;
  /** Events given up by this run. */
  readonly failed: number;
}

/**
 * Delivers an order's pending events to its webhook_url, one at a time in `sequence` order, each
 * a signed POST of the whole order as it is now (order.md "Events": the full entity, never a
 * delta). An event is marked delivered only after a 2xx; a failure stops the run (the job throws
 * and BullMQ retries with backoff, then the sweep adds the job again), so event n+1 is never sent
 * before n: at least once, in order, per order. Delivery is given up (`failed_at`) for every
 * pending event of the order when the URL is refused by the outbound policy, or the oldest
 * pending event is older than MAX_DELIVERY_AGE_MS, at the job's last attempt; later events of an
 * order whose delivery was given up are given up too (nothing skips ahead).
 */
@Injectable()
export class OrderWebhookDelivery {
  private readonly logger = new Logger(OrderWebhookDelivery.name);
  private readonly key: EcPrivateJwk;

  constructor(
    private readonly orderRows: ShoppingOrdersRepository,
    private readonly events: OrderEventsRepository,
    private readonly orders: OrdersService,
    private readonly profiles: AgentProfilesService,
    @Inject(SHOPPING_SETTINGS) private readonly settings: ShoppingSettings,
  ) {
    this.key = businessSigningKey(settings.signingSeed).privateJwk;
  }

  async deliver(orderId: string, attempt: { readonly finalAttempt: boolean }): Promise<DeliveryRun> {
    let delivered = 0;
    for (;;) {
      const order = await this.orderRows.findById(orderId);
      if (!order) return { delivered, failed: 0 };
      const next = await this.events.findNextPending(orderId);
      if (!next) return { delivered, failed: 0 };
      if (order.webhookUrl === null)
        return { delivered, failed: await this.giveUp(orderId, 'the order has no webhook_url') };
      const earlierGivenUp = await this.events.hasGivenUpBefore(orderId, next.sequence);
      if (earlierGivenUp)
        return {
          delivered,
          failed: await this.giveUp(orderId, 'an earlier event of the order was not delivered'),
        };
      // Counted before the call: an attempt cut short by a dying worker still counts.
      await this.events.countAttempt(next.id);
      try {
        await this.send(order, order.webhookUrl, next);
      } catch (e) {
        const message = errorMessage(e).slice(0, 1000);
        await this.events.noteError(next.id, message);
        const refused = isOutboundError(e, OutboundErrorCode.OUTBOUND_REFUSED);
        const tooOld = Date.now() - next.createdAt.getTime() > MAX_DELIVERY_AGE_MS;
        if (attempt.finalAttempt && (refused || tooOld)) {
          this.logger.warn(`order ${orderId}: webhook delivery given up: ${message}`);
          return { delivered, failed: await this.giveUp(orderId, message) };
        }
        throw e;
      }
      await this.events.markDelivered(next.id);
      delivered++;
    }
  }

  private async send(order: ShoppingOrderEntity, url: string, event: OrderEventEntity): Promise<void> {
    const body = JSON.stringify(this.orders.snapshot(order));
    const headers = orderWebhookHeaders({
      url,
      body,
      webhookId: webhookId(order.id, event.sequence),
      profileUrl: this.profileUrl(order.business),
      key: this.key,
      now: new Date(),
    });
    await this.profiles.outbound.request(url, { method: 'POST', headers, body });
  }

  /** The signer's profile (UCP-Agent): the platform's /.well-known/ucp, or the store's. */
  private profileUrl(business: string): string {
    const key = businessKeyOf(business);
    const base = this.settings.publicBaseUrl;
    return key.kind === 'platform'
      ? `${base}/.well-known/ucp`
      : `${base}/v1/shopping/stores/${key.storeId}/.well-known/ucp`;
  }

  /** Gives up every pending event of the order; how many. */
  private async giveUp(orderId: string, reason: string): Promise<number> {
    return this.events.giveUpPending(orderId, reason);
  }
}

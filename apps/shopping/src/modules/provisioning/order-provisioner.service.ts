import type { HostingPlan } from '@platform/contracts';
import { Injectable, Logger } from '@nestjs/common';
import { DomainsRejectedError } from '@platform/domains-client';
import { OrderEventsPublisher } from '../orders/order-events.publisher';
import { OrdersService } from '../orders/orders.service';
import type { OrderLine, ShoppingOrderEntity } from '../orders/shopping-order.entity';
import { ShoppingOrdersRepository } from '../orders/shopping-orders.repository';
import { HostingRejectedError } from '../platform-provisioning/hosting-plans.client';
import { PlatformCatalogService, type LineResolution } from '../platform-catalog/platform-catalog.service';
import { settleLine, type LineOutcome } from './line-settlement';
import { ProvisioningOwners } from './provisioning-owners';

/** What one provisioning run of an order did. */
export interface ProvisioningRun {
  /** Lines settled (fulfilled or removed) by this run. */
  readonly settled: number;
  /** Lines still waiting on their owner (a domain purchase PENDING): run again in `retryInMs`. */
  readonly pending: number;
  readonly retryInMs: number;
}

/** A unit's answer from its owner: provisioned, refused (with why), or not settled yet. */
type UnitOutcome =
  | { readonly kind: 'provisioned'; readonly description: string }
  | { readonly kind: 'refused'; readonly reason: string }
  | { readonly kind: 'pending' };

const MIN_POLL_MS = 1_000;
const MAX_POLL_MS = 60_000;

/**
 * Provisions a platform order's `processing` lines through their owners (PlatformCatalogService
 * resolveLine says which): a domain registration through the domains service (purchase, then
 * purchaseStatus until COMPLETED or FAILED), a hosting plan through the hosting service. Each unit
 * has one reference, `<orderId>.<lineId>` (`.<n>` for the n-th unit past the first), which the
 * owners dedupe: a run killed half-way and run again asks for the same things and gets the same
 * answers, never a second purchase. A line settles (order row, order event, under the row lock,
 * in one transaction) only when all its units have; then the webhook delivery is woken.
 *
 * Unreachable owners (5xx, timeouts) and misconfiguration (401/403) throw, and the job retries
 * with the queue's backoff (then the sweep); a refusal of the product itself (taken name, unknown
 * plan, failed payment) removes the unit with a refund.
 */
@Injectable()
export class OrderProvisioner {
  private readonly logger = new Logger(OrderProvisioner.name);

  constructor(
    private readonly orderRows: ShoppingOrdersRepository,
    private readonly catalog: PlatformCatalogService,
    private readonly owners: ProvisioningOwners,
    private readonly orders: OrdersService,
    private readonly publisher: OrderEventsPublisher,
  ) {}

  async provision(orderId: string): Promise<ProvisioningRun> {
    const order = await this.orderRows.findById(orderId);
    if (!order || order.business !== 'platform') return { settled: 0, pending: 0, retryInMs: 0 };
    let settled = 0;
    let pending = 0;
    for (const line of order.lineItems) {
      if (line.status !== 'processing') continue;
      const outcome = await this.provisionLine(order, line);
      if (!outcome) {
        pending++;
        continue;
      }
      if (await this.settle(order.id, outcome)) settled++;
    }
    if (settled > 0) await this.publisher.changed(order.id, order.webhookUrl !== null);
    return { settled, pending, retryInMs: pollDelay(order.createdAt) };
  }

  /** The line's outcome once every unit has one; undefined while one is still pending. */
  private async provisionLine(order: ShoppingOrderEntity, line: OrderLine): Promise<LineOutcome | undefined> {
    const resolution = await this.catalog.resolveLine(line.item.id);
    const units: UnitOutcome[] = [];
    for (let unit = 1; unit <= line.quantity.total; unit++) {
      const reference = unitReference(order.id, line.id, unit);
      units.push(
        resolution
          ? await this.provisionUnit(order.accountId, reference, resolution)
          : { kind: 'refused', reason: `${line.item.id} is no longer sold` },
      );
    }
    if (units.some((u) => u.kind === 'pending')) return undefined;
    const provisioned = units.filter((u) => u.kind === 'provisioned');
    const refused = units.filter((u) => u.kind === 'refused');
    for (const r of refused) this.logger.warn(`order ${order.id} line ${line.id} refused: ${r.reason}`);
    return {
      lineId: line.id,
      provisioned: provisioned.length,
      refused: refused.length,
      description: provisioned.map((u) => u.description).join('; '),
      ...(refused[0] ? { refusal: refused[0].reason } : {}),
    };
  }

  private async provisionUnit(
    accountId: string,
    reference: string,
    resolution: LineResolution,
  ): Promise<UnitOutcome> {
    switch (resolution.kind) {
      case 'DOMAIN': {
        const { domain, periodYears } = resolution;
        let purchase = await this.owners.domains.purchaseStatus(accountId, reference);
        if (!purchase) {
          try {
            purchase = await this.owners.domains.purchase(accountId, { reference, domain, periodYears });
          } catch (e) {
            if (e instanceof DomainsRejectedError && isProductRefusal(e.status))
              return { kind: 'refused', reason: e.code ?? e.message };
            throw e;
          }
        }
        if (purchase.status === 'COMPLETED')
          return {
            kind: 'provisioned',
            description: `${purchase.domain} registered for ${periodYears} year${periodYears === 1 ? '' : 's'}`,
          };
        if (purchase.status === 'FAILED')
          return { kind: 'refused', reason: purchase.failureCode ?? 'the purchase failed' };
        return { kind: 'pending' };
      }
      case 'HOSTING_PLAN': {
        const { hostingProduct, slotLimit } = resolution;
        let plan: HostingPlan;
        try {
          plan = await this.owners.hosting.provision(accountId, { reference, hostingProduct, slotLimit });
        } catch (e) {
          if (e instanceof HostingRejectedError && isProductRefusal(e.status))
            return { kind: 'refused', reason: e.code ?? e.message };
          throw e;
        }
        return {
          kind: 'provisioned',
          // The plan's id is what the buyer attaches apps with (PUT /v1/hosting/apps/{appId}/subscription).
          description: `${hostingProduct} plan ${plan.subscriptionId} with ${slotLimit} app slot${slotLimit === 1 ? '' : 's'} ready`,
        };
      }
    }
  }

  /** Writes the line's outcome and its order event in one transaction, under the order's row lock. */
  private settle(orderId: string, outcome: LineOutcome): Promise<boolean> {
    return this.orderRows.transaction(async (tx) => {
      const order = await tx.findByIdForUpdate(orderId);
      if (!order) return false;
      const change = settleLine(order, outcome, new Date());
      if (!change) return false; // settled meanwhile by another run
      order.lineItems = change.lineItems;
      order.events = change.events;
      order.adjustments = change.adjustments;
      await tx.save(order);
      await this.orders.recordEvent(tx, order.id, change.eventType);
      return true;
    });
  }
}

/**
 * The owner's reference of one unit of a line (the domains service takes `A-Za-z0-9._:~-`, 1 to
 * 200 characters; order ids are `ord_` + base64url, line ids `li_<n>`).
 */
export function unitReference(orderId: string, lineId: string, unit: number): string {
  return unit === 1 ? `${orderId}.${lineId}` : `${orderId}.${lineId}.${unit}`;
}

/** A refusal of what was asked (bad request, not found, conflict): not a misconfiguration (401/403). */
function isProductRefusal(status: number): boolean {
  return status !== 401 && status !== 403;
}

/** How long until a pending order is looked at again: a quarter of its age, 1 s to 60 s. */
function pollDelay(createdAt: Date): number {
  return Math.min(MAX_POLL_MS, Math.max(MIN_POLL_MS, Math.round((Date.now() - createdAt.getTime()) / 4)));
}

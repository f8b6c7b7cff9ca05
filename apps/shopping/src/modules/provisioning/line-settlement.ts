import type {
  FulfillmentEvent,
  OrderAdjustment,
  OrderLine,
  ShoppingOrderEntity,
} from '../orders/shopping-order.entity';
import type { UcpTotal } from '../ucp/ucp-types';

/** How the owners answered for one line: every unit provisioned, or some refused (and why). */
export interface LineOutcome {
  readonly lineId: string;
  /** Units the owner provisioned. */
  readonly provisioned: number;
  /** Units the owner refused or failed (removed from the order, refunded). */
  readonly refused: number;
  /** What was provisioned (`example.com registered for 2 years`). */
  readonly description: string;
  /** Why units were refused (the owner's code or message). */
  readonly refusal?: string;
}

/** What settling a line changes on the order, and the order event to record for it. */
export interface LineSettlement {
  readonly lineItems: OrderLine[];
  readonly events: FulfillmentEvent[];
  readonly adjustments: OrderAdjustment[];
  /** `line.fulfilled`, `line.removed` or `line.partially_removed`. */
  readonly eventType: string;
}

/**
 * Applies a line's provisioning outcome to the order (order.json): quantity.total drops by the
 * refused units and quantity.fulfilled becomes the provisioned ones, so the line's derived status
 * is `fulfilled` (all that remain are provisioned) or `removed` (nothing remains); a fulfilment
 * event (type `delivered`: a digital product is in the buyer's account once provisioned) lists
 * the provisioned units; a `refund` adjustment lists the refused units with negative quantities
 * and a negative total (adjustment.json: signed, negative for money returned). Append-only: the
 * event and adjustment ids are derived from the line, so applying the same outcome twice is
 * refused by the caller's `processing` check, never appended twice. Undefined when the line is
 * not `processing` (already settled).
 */
export function settleLine(
  order: Pick<ShoppingOrderEntity, 'lineItems' | 'events' | 'adjustments'>,
  outcome: LineOutcome,
  now: Date,
): LineSettlement | undefined {
  const line = order.lineItems.find((l) => l.id === outcome.lineId);
  if (!line || line.status !== 'processing') return undefined;
  const ordered = line.quantity.total;
  if (outcome.provisioned + outcome.refused !== ordered)
    throw new Error(
      `line ${line.id}: ${outcome.provisioned} provisioned + ${outcome.refused} refused ≠ ${ordered} ordered`,
    );
  const remaining = ordered - outcome.refused;
  const settled: OrderLine = {
    ...line,
    quantity: { ...line.quantity, total: remaining, fulfilled: outcome.provisioned },
    status: remaining === 0 ? 'removed' : 'fulfilled',
  };
  const at = now.toISOString();
  const events = [...order.events];
  if (outcome.provisioned > 0)
    events.push({
      id: `evt_${line.id}`,
      occurred_at: at,
      type: 'delivered',
      line_items: [{ id: line.id, quantity: outcome.provisioned }],
      description: outcome.description,
    });
  const adjustments = [...order.adjustments];
  if (outcome.refused > 0)
    adjustments.push({
      id: `adj_${line.id}`,
      type: 'refund',
      occurred_at: at,
      status: 'completed',
      line_items: [{ id: line.id, quantity: -outcome.refused }],
      totals: refundTotals(line, outcome.refused),
      description: `Not provisioned, not charged: ${outcome.refusal ?? 'refused by the provider'}`,
    });
  return {
    lineItems: order.lineItems.map((l) => (l.id === line.id ? settled : l)),
    events,
    adjustments,
    eventType:
      remaining === 0 ? 'line.removed' : outcome.refused > 0 ? 'line.partially_removed' : 'line.fulfilled',
  };
}

/** The refund of `units` of a line: its total's share, negative (`total` entry, adjustment.json). */
function refundTotals(line: OrderLine, units: number): UcpTotal[] {
  const lineTotal = line.totals.find((t) => t.type === 'total')?.amount ?? 0;
  const amount = Math.round((lineTotal * units) / Math.max(1, line.quantity.original));
  return [{ type: 'total', display_text: 'Refund', amount: amount === 0 ? 0 : -amount }];
}

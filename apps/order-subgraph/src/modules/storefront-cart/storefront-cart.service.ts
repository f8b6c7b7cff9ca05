import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { CatalogSkuPrice } from '@platform/contracts';
import { PlatformError } from '@platform/errors';
import type { DiscountCodeEntity } from '../discount-codes/discount-code.entity';
import { codeKeyOf } from '../discount-codes/discount-code-key';
import { DiscountCodesService } from '../discount-codes/discount-codes.service';
import type { LineItemDetailsData, LineItemEntity, LineItemNoteData } from '../order-model/line-item.entity';
import { amountIn, optionalAmountIn } from '../order-model/money';
import type { OrderChange } from '../order-model/order-change';
import type {
  Actor,
  DraftLine,
  LineChange,
  LineExtras,
  MetafieldList,
  NewLineItem,
  NewOrder,
  NoteList,
  OrderPath,
} from '../order-model/order-commands';
import {
  codeDiscountRows,
  lineOf,
  newLineItemRow,
  normaliseTags,
  storedMetafields,
} from '../order-model/order-rows';
import { MAX_LINE_ITEMS, MAX_QUANTITY, assertEditable, lineTotals } from '../order-model/order-rules';
import type { FulfillmentMode, FulfillmentStatus, LineItemStatusInput } from '../order-model/order-statuses';
import type { OrderContact, OrderEntity } from '../order-model/order.entity';
import { OrderErrors } from '../order-model/orders.errors';
import { OrderWriter } from '../order-writer/order-writer.service';
import { CartTotals } from './cart-totals.service';
import { CatalogPricingClient } from './catalog-pricing.client';

type Money = { readonly value: number; readonly currencyCode: string };

/** addLineItemBySkuId as the services take it. */
export interface SkuLineRequest {
  readonly orderId: string;
  readonly skuId: string;
  readonly quantity: number;
  readonly name?: string;
  readonly fulfillmentMode?: FulfillmentMode;
  readonly status?: LineItemStatusInput;
  readonly fulfillmentChannelId?: string;
  readonly updateQuantity?: boolean;
  readonly details?: {
    readonly productAssetUrl?: string;
    readonly selectedAddons?: readonly {
      readonly optionId: string;
      readonly values: readonly { readonly optionValueId?: string; readonly inputValue?: string }[];
    }[];
  };
}

export interface DraftChange {
  readonly id: string;
  readonly orderVersion?: number | null;
  readonly customerId?: string | null;
  readonly billing?: OrderContact | null;
  readonly shipping?: OrderContact | null;
  readonly tags?: string[];
  readonly externalId?: string;
  readonly cartId?: string;
  readonly metafields?: MetafieldList;
  readonly notes?: readonly (NoteList[number] & { id?: string; metafields?: MetafieldList })[];
  readonly lineItems?: {
    readonly add?: readonly DraftLine[];
    readonly update?: readonly LineChange[];
    readonly remove?: readonly string[];
  };
}

/** A whole cart in one request (StorefrontCartService.assemble). */
export interface WholeCart {
  readonly lines: readonly { readonly skuId: string; readonly quantity: number }[];
  readonly discountCodes: readonly string[];
  readonly shipping: OrderContact | null;
  readonly billing: OrderContact | null;
  /** Kept on the order when it is created (NewOrder.placementReference). */
  readonly placementReference?: string | null;
}

/** A line or code the cart's rules refuse, with the code and message of the error they refuse it with. */
export interface CartProblem {
  readonly code: string;
  readonly message: string;
  readonly skuId?: string;
  readonly discountCode?: string;
}

export interface AssembledCart {
  /** The draft with the lines taken, priced from the catalog, in the currency of the first. */
  readonly order: NewOrder;
  /** The store's codes taken, each once, in the order given. */
  readonly codes: readonly DiscountCodeEntity[];
  readonly problems: readonly CartProblem[];
}

function lineNotes(notes: NoteList | undefined, now: Date): LineItemNoteData[] | undefined {
  return notes?.map((n) => ({
    id: randomUUID(),
    content: n.content,
    authorType: n.authorType ?? 'NONE',
    author: null,
    referenceId: n.referenceId ?? null,
    createdAt: now.toISOString(),
  }));
}

/** The catalog's word on a SKU: purchasable (ACTIVE with a price) or a coded error. */
function purchasable(sku: CatalogSkuPrice | undefined, skuId: string): CatalogSkuPrice & { price: Money } {
  if (!sku) throw OrderErrors.skuNotFound(skuId);
  if (sku.status === 'ARCHIVED') throw OrderErrors.skuNotPurchasable(skuId, 'it is archived');
  if (sku.status !== 'ACTIVE') throw OrderErrors.skuNotPurchasable(skuId, `its status is ${sku.status}`);
  if (!sku.price) throw OrderErrors.skuNotPurchasable(skuId, 'it has no price');
  return sku as CatalogSkuPrice & { price: Money };
}

/** The value of `take`, or the coded error a cart rule refused it with. */
function attempt<T>(take: () => T): { ok: true; value: T } | { ok: false; error: PlatformError } {
  try {
    return { ok: true, value: take() };
  } catch (e) {
    if (e instanceof PlatformError) return { ok: false, error: e };
    throw e;
  }
}

/** What the catalog says about a SKU, kept in the line's details (the client's choices win where given). */
function catalogDetails(sku: CatalogSkuPrice, given: LineItemDetailsData | undefined): LineItemDetailsData {
  return {
    sku: given?.sku ?? sku.code,
    productAssetUrl: given?.productAssetUrl ?? sku.mediaUrl,
    unitOfMeasure: given?.unitOfMeasure ?? sku.unitOfMeasure,
    selectedOptions: given?.selectedOptions ?? [],
    selectedAddons: given?.selectedAddons ?? [],
  };
}

const sameChoices = (a: LineItemDetailsData | null, b: LineItemDetailsData): boolean =>
  JSON.stringify([a?.selectedOptions ?? [], a?.selectedAddons ?? []]) ===
  JSON.stringify([b.selectedOptions ?? [], b.selectedAddons ?? []]);

/**
 * The cart operations of the public storefront graph (docs/graphql.md, "Order storefront"): lines
 * priced from the catalog's current SKU prices (never by the caller), discount codes applied all
 * or nothing, totals and taxes re-derived on every change (CartTotals). On the storefront path they
 * change DRAFT orders only (ORDER_NOT_DRAFT); on the admin path line changes also reach OPEN orders.
 */
@Injectable()
export class StorefrontCartService {
  constructor(
    private readonly writer: OrderWriter,
    private readonly catalog: CatalogPricingClient,
    private readonly cartTotals: CartTotals,
    private readonly codes: DiscountCodesService,
  ) {}

  async addLine(
    storeId: string,
    path: OrderPath,
    request: SkuLineRequest,
    expectedVersion?: number | null,
  ): Promise<{ order: OrderEntity; lineItem: LineItemEntity }> {
    const sku = purchasable(
      (await this.catalog.prices(storeId, [request.skuId])).get(request.skuId),
      request.skuId,
    );
    const { order, result } = await this.writer.change(
      storeId,
      request.orderId,
      expectedVersion,
      async (change) => {
        assertCartEditable(change.order, path);
        const existing = await change.tx.findLinesByPosition(change.order.id);
        await adoptCurrency(change, sku.price, existing.length);
        const details = catalogDetails(sku, {
          productAssetUrl: request.details?.productAssetUrl,
          selectedAddons: (request.details?.selectedAddons ?? []).map((a) => ({
            attribute: a.optionId,
            values: a.values.map((v) => ({ name: v.inputValue ?? v.optionValueId ?? '' })),
          })),
        });
        const same = request.updateQuantity
          ? existing.find((l) => l.skuId === request.skuId && sameChoices(l.details, details))
          : undefined;
        let row: LineItemEntity;
        if (same) {
          same.quantity = boundedQuantity(same.quantity + request.quantity);
          same.unitAmount = amountIn(sku.price, change.order.currencyCode, ['input', 'skuId']);
          same.updatedAt = change.now;
          Object.assign(same, lineTotals(same));
          await change.tx.saveLine(same);
          row = same;
        } else {
          if (existing.length >= MAX_LINE_ITEMS) {
            throw OrderErrors.invalidField(
              ['input', 'orderId'],
              'OUT_OF_RANGE',
              `an order holds at most ${MAX_LINE_ITEMS} lines`,
            );
          }
          const last = existing.length ? existing[existing.length - 1].position : 0;
          row = newLineItemRow(
            change.order,
            {
              name: request.name ?? sku.name,
              skuId: sku.id,
              quantity: request.quantity,
              unitAmount: sku.price,
              fulfillmentMode: request.fulfillmentMode,
              extras: {
                taxable: sku.taxable,
                status: lineStatus(request.status),
                details,
                fulfillmentChannelId: request.fulfillmentChannelId ?? null,
              },
            },
            change.now,
            ['input'],
            last + 1,
          );
          await change.tx.insertLines(row);
        }
        await this.cartTotals.recompute(change);
        return change.tx.findLine(row.id);
      },
    );
    return { order, lineItem: result };
  }

  async updateLine(
    storeId: string,
    path: OrderPath,
    orderId: string,
    patch: LineChange,
    expectedVersion?: number | null,
  ): Promise<{ order: OrderEntity; lineItem: LineItemEntity }> {
    if (path === 'storefront') assertNoClientPrices(patch);
    const prices = await this.catalog.prices(storeId, patch.skuId ? [patch.skuId] : []);
    const { order, result } = await this.writer.change(storeId, orderId, expectedVersion, async (change) => {
      assertCartEditable(change.order, path);
      const row = await lineOf(change.tx, change.order.id, patch.id);
      await applyLineChange(change, row, patch, prices, ['input']);
      await change.tx.saveLine(row);
      await this.cartTotals.recompute(change);
      return change.tx.findLine(row.id);
    });
    return { order, lineItem: result };
  }

  async deleteLine(
    storeId: string,
    path: OrderPath,
    orderId: string,
    lineItemId: string,
    expectedVersion?: number | null,
  ): Promise<OrderEntity> {
    const { order } = await this.writer.change(storeId, orderId, expectedVersion, async (change) => {
      assertCartEditable(change.order, path);
      const row = await lineOf(change.tx, change.order.id, lineItemId);
      await change.tx.deleteLine(row.id);
      await this.cartTotals.recompute(change);
    });
    return order;
  }

  /**
   * Applies the store's codes to a cart, all or nothing: an unknown, archived, disabled, expired or
   * not yet valid code fails the whole call. A code already on the cart is not applied twice.
   */
  async applyCodes(
    storeId: string,
    path: OrderPath,
    orderId: string,
    codes: readonly string[],
    expectedVersion?: number | null,
  ): Promise<OrderEntity> {
    const found = await this.codes.byCodes(storeId, codes);
    const { order } = await this.writer.change(storeId, orderId, expectedVersion, async (change) => {
      assertCartEditable(change.order, path);
      const wanted: DiscountCodeEntity[] = [];
      for (const given of codes) {
        const code = found.get(codeKeyOf(given));
        assertApplicable(code, given, change.now, change.order.currencyCode);
        if (!wanted.includes(code)) wanted.push(code);
      }
      await this.insertCodeDiscounts(change, wanted);
      await this.cartTotals.recompute(change);
    });
    return order;
  }

  /** The discounts of codes already found applicable, each code once per cart (before the totals). */
  async insertCodeDiscounts(change: OrderChange, codes: readonly DiscountCodeEntity[]): Promise<void> {
    const applied = new Set((await change.tx.findDiscounts(change.order.id)).map((d) => d.discountCodeId));
    const rows = codeDiscountRows(
      change.order.id,
      codes.filter((c) => !applied.has(c.id)),
      change.now,
    );
    for (const row of rows) await change.tx.insertDiscount(row);
  }

  /**
   * A whole cart in one go, as addDraftOrder, addLineItemBySkuId for each line (in order, no
   * merging), applyDiscountCodes and a shipping address would make it, by the same rules, except
   * that a line or code they refuse is set aside with its error instead of failing the rest.
   * Nothing is written: the caller prices the result (CartTotals) or creates it (OrdersService).
   */
  async assemble(storeId: string, cart: WholeCart, now: Date): Promise<AssembledCart> {
    const [prices, found] = await Promise.all([
      this.catalog.prices(
        storeId,
        cart.lines.map((l) => l.skuId),
      ),
      this.codes.byCodes(storeId, cart.discountCodes),
    ]);
    const problems: CartProblem[] = [];
    const lineItems: NewLineItem[] = [];
    let currencyCode: string | undefined;
    for (const [i, line] of cart.lines.entries()) {
      const taken = attempt(() => {
        const sku = purchasable(prices.get(line.skuId), line.skuId);
        // An empty cart takes the currency of its first catalog price (adoptCurrency).
        amountIn(sku.price, currencyCode ?? sku.price.currencyCode, ['lines', i, 'skuId']);
        currencyCode ??= sku.price.currencyCode;
        const priced = { name: sku.name, skuId: sku.id, quantity: line.quantity, unitAmount: sku.price };
        return draftLine(priced, now, sku);
      });
      if (taken.ok) lineItems.push(taken.value);
      else problems.push({ code: taken.error.code, message: taken.error.message, skuId: line.skuId });
    }
    const currency = currencyCode ?? 'USD';
    const codes: DiscountCodeEntity[] = [];
    const seen = new Set<string>();
    for (const given of cart.discountCodes) {
      const key = codeKeyOf(given);
      if (seen.has(key)) continue;
      seen.add(key);
      const taken = attempt(() => {
        const code = found.get(key);
        assertApplicable(code, given, now, currency);
        return code;
      });
      if (taken.ok) codes.push(taken.value);
      else problems.push({ code: taken.error.code, message: taken.error.message, discountCode: given });
    }
    return {
      order: {
        currencyCode: currency,
        lineItems,
        billing: cart.billing,
        shipping: cart.shipping,
        placementReference: cart.placementReference ?? null,
        tags: [],
        notes: [],
      },
      codes,
      problems,
    };
  }

  /** Lines of addDraftOrder on the storefront path: each names a catalog SKU, which prices it. */
  async priceDraftLines(storeId: string, lines: readonly DraftLine[]): Promise<NewLineItem[]> {
    lines.forEach((line, i) => {
      if (!line.skuId) {
        throw OrderErrors.invalidField(
          ['input', 'lineItems', i, 'skuId'],
          'REQUIRED',
          'storefront lines name a catalog SKU',
        );
      }
    });
    const prices = await this.catalog.prices(
      storeId,
      lines.map((l) => l.skuId as string),
    );
    const now = new Date();
    return lines.map((line) => {
      const sku = purchasable(prices.get(line.skuId as string), line.skuId as string);
      return draftLine({ ...line, unitAmount: sku.price, discountAmount: null, taxAmount: null }, now, sku);
    });
  }

  /** updateDraftOrder: header fields, notes, and lines removed, changed and added, in one change. */
  async updateDraft(
    storeId: string,
    path: OrderPath,
    input: DraftChange,
    actor: Actor,
  ): Promise<OrderEntity> {
    const adds = input.lineItems?.add ?? [];
    const updates = input.lineItems?.update ?? [];
    if (path === 'storefront') {
      updates.forEach(assertNoClientPrices);
      adds.forEach((line, i) => {
        if (!line.skuId) {
          throw OrderErrors.invalidField(
            ['input', 'lineItems', 'add', i, 'skuId'],
            'REQUIRED',
            'storefront lines name a catalog SKU',
          );
        }
      });
    }
    const skuIds = [
      ...adds.filter((l) => path === 'storefront' && l.skuId).map((l) => l.skuId as string),
      ...updates.filter((u) => u.skuId).map((u) => u.skuId as string),
    ];
    const prices = await this.catalog.prices(storeId, skuIds);
    const { order } = await this.writer.change(storeId, input.id, input.orderVersion, async (change) => {
      const o = change.order;
      if (o.status !== 'DRAFT' || o.archivedAt !== null) throw OrderErrors.notDraft(o.status);
      if (input.customerId !== undefined) o.customerId = input.customerId;
      if (input.billing !== undefined) o.billing = input.billing;
      if (input.shipping !== undefined) o.shipping = input.shipping;
      if (input.tags !== undefined) o.tags = normaliseTags(input.tags);
      if (input.externalId !== undefined) o.externalId = input.externalId;
      if (input.cartId !== undefined) o.cartId = input.cartId;
      if (input.metafields !== undefined) o.metafields = storedMetafields(input.metafields);
      const newNotes = (input.notes ?? []).filter((n) => !n.id);
      if (newNotes.length > 0) {
        await change.tx.insertNotes(
          newNotes.map((n) => ({
            id: randomUUID(),
            orderId: o.id,
            content: n.content,
            authorType: n.authorType ?? 'CUSTOMER',
            authorId: actor.accountId,
            shouldNotifyCustomer: false,
            createdAt: change.now,
            referenceId: n.referenceId ?? null,
            metafields: storedMetafields(n.metafields),
            externalIds: null,
          })),
        );
      }
      for (const id of input.lineItems?.remove ?? []) {
        await change.tx.deleteLine((await lineOf(change.tx, o.id, id)).id);
      }
      for (const [i, patch] of updates.entries()) {
        const row = await lineOf(change.tx, o.id, patch.id);
        await applyLineChange(change, row, patch, prices, ['input', 'lineItems', 'update', i]);
        await change.tx.saveLine(row);
      }
      const count = await change.tx.countLines(o.id);
      if (count + adds.length > MAX_LINE_ITEMS) {
        throw OrderErrors.invalidField(
          ['input', 'lineItems', 'add'],
          'OUT_OF_RANGE',
          `an order holds at most ${MAX_LINE_ITEMS} lines`,
        );
      }
      let position = (await change.tx.maxLinePosition(o.id)) ?? 0;
      for (const [i, line] of adds.entries()) {
        const sku =
          path === 'storefront' ? purchasable(prices.get(line.skuId as string), line.skuId as string) : null;
        if (sku) await adoptCurrency(change, sku.price, count + i);
        const priced = sku ? { ...line, unitAmount: sku.price, discountAmount: null, taxAmount: null } : line;
        position += 1;
        await change.tx.insertLines(
          newLineItemRow(
            o,
            draftLine(priced, change.now, sku),
            change.now,
            ['input', 'lineItems', 'add', i],
            position,
          ),
        );
      }
      await this.cartTotals.recompute(change);
    });
    return order;
  }
}

/** A draft line as the services store it (catalog facts in the details when a SKU priced it). */
function draftLine(line: DraftLine, now: Date, sku: CatalogSkuPrice | null): NewLineItem {
  const extras: LineExtras = {
    taxable: sku ? sku.taxable : true,
    details: sku ? catalogDetails(sku, line.details) : (line.details ?? null),
    externalId: line.externalId ?? null,
    metafields: storedMetafields(line.metafields),
    notes: lineNotes(line.notes, now) ?? null,
    tags: line.tags ? normaliseTags(line.tags) : null,
    shipping: line.shipping ?? null,
    serviceStartAt: line.serviceStartAt ?? null,
    serviceEndsAt: line.serviceEndsAt ?? null,
  };
  return {
    type: line.type,
    name: line.name,
    skuId: line.skuId ?? null,
    quantity: line.quantity,
    unitAmount: line.unitAmount,
    discountAmount: line.discountAmount,
    taxAmount: line.taxAmount,
    fulfillmentMode: line.fulfillmentMode,
    extras,
  };
}

/** Storefront: DRAFT only (ORDER_NOT_DRAFT). Admin: DRAFT or OPEN (ORDER_NOT_EDITABLE). */
function assertCartEditable(order: OrderEntity, path: OrderPath): void {
  if (path === 'admin') return assertEditable(order);
  if (order.status !== 'DRAFT' || order.archivedAt !== null) throw OrderErrors.notDraft(order.status);
}

function assertNoClientPrices(patch: LineChange): void {
  for (const field of ['unitAmount', 'discountAmount', 'taxAmount'] as const) {
    if (patch[field] !== undefined) throw OrderErrors.priceNotAccepted(field);
  }
}

function assertApplicable(
  code: DiscountCodeEntity | undefined,
  given: string,
  now: Date,
  currencyCode: string,
): asserts code is DiscountCodeEntity {
  if (!code || code.status === 'ARCHIVED') throw OrderErrors.discountCodeNotFound(given);
  if (code.status === 'DISABLED') throw OrderErrors.discountCodeDisabled(given);
  if (code.startsAt && code.startsAt > now) throw OrderErrors.discountCodeNotYetValid(given);
  if (code.endsAt && code.endsAt <= now) throw OrderErrors.discountCodeExpired(given);
  if (code.currencyCode && code.currencyCode !== currencyCode)
    throw OrderErrors.discountCodeCurrencyMismatch(given, currencyCode);
}

/**
 * An empty cart takes the currency of its first catalog price (a public addDraftOrder names none);
 * afterwards a SKU priced in another currency is ORDER_CURRENCY_MISMATCH.
 */
async function adoptCurrency(change: OrderChange, price: Money, lineCount: number): Promise<void> {
  const o = change.order;
  if (price.currencyCode === o.currencyCode || lineCount > 0 || o.shippingTotal !== 0) return;
  const discounts = await change.tx.countDiscounts(o.id);
  if (discounts === 0) o.currencyCode = price.currencyCode;
}

function boundedQuantity(quantity: number): number {
  if (quantity > MAX_QUANTITY) {
    throw OrderErrors.invalidField(
      ['input', 'quantity'],
      'OUT_OF_RANGE',
      `a line holds at most ${MAX_QUANTITY} units`,
    );
  }
  return quantity;
}

function lineStatus(status: LineItemStatusInput | undefined): FulfillmentStatus {
  return !status || status === 'DRAFT' ? 'UNFULFILLED' : status;
}

async function applyLineChange(
  change: OrderChange,
  row: LineItemEntity,
  patch: LineChange,
  prices: ReadonlyMap<string, CatalogSkuPrice>,
  path: readonly (string | number)[],
): Promise<void> {
  const currency = change.order.currencyCode;
  if (patch.skuId !== undefined && patch.skuId !== row.skuId) {
    const sku = purchasable(prices.get(patch.skuId), patch.skuId);
    const count = await change.tx.countLines(change.order.id);
    await adoptCurrency(change, sku.price, count - 1);
    row.skuId = sku.id;
    row.unitAmount = amountIn(sku.price, change.order.currencyCode, [...path, 'skuId']);
    row.taxable = sku.taxable;
    row.details = catalogDetails(sku, patch.details);
    if (patch.name === undefined) row.name = sku.name;
  } else if (patch.details !== undefined) {
    row.details = { ...(row.details ?? {}), ...patch.details };
  }
  if (patch.name !== undefined) row.name = patch.name;
  if (patch.quantity !== undefined) row.quantity = boundedQuantity(patch.quantity);
  if (patch.type !== undefined) row.type = patch.type;
  if (patch.fulfillmentMode !== undefined) row.fulfillmentMode = patch.fulfillmentMode;
  if (patch.status !== undefined) row.status = patch.status;
  if (patch.externalId !== undefined) row.externalId = patch.externalId;
  if (patch.fulfillmentChannelId !== undefined) row.fulfillmentChannelId = patch.fulfillmentChannelId;
  if (patch.notes !== undefined) row.notes = lineNotes(patch.notes, change.now) ?? null;
  if (patch.shipping !== undefined) row.shipping = patch.shipping;
  if (patch.tags !== undefined) row.tags = normaliseTags(patch.tags);
  if (patch.serviceStartAt !== undefined) row.serviceStartAt = patch.serviceStartAt;
  if (patch.serviceEndsAt !== undefined) row.serviceEndsAt = patch.serviceEndsAt;
  if (patch.metafields !== undefined) row.metafields = storedMetafields(patch.metafields);
  if (patch.unitAmount !== undefined)
    row.unitAmount = amountIn(patch.unitAmount, currency, [...path, 'unitAmount']);
  if (patch.discountAmount !== undefined)
    row.discountTotal = optionalAmountIn(patch.discountAmount, currency, [...path, 'discountAmount']);
  if (patch.taxAmount !== undefined)
    row.taxTotal = optionalAmountIn(patch.taxAmount, currency, [...path, 'taxAmount']);
  Object.assign(row, lineTotals(row), { updatedAt: change.now });
}

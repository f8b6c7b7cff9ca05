import { Caller, OrderTestApp, startOrderTestApp } from './support/order-test-app';
import { OrderView, addDraft, addOrder, errorCode, line, ok, skuLine, usd } from './support/order-builders';
import { Ops } from './support/order-operations';

describe('order subgraph: lifecycle and state machine', () => {
  let t: OrderTestApp;
  let caller: Caller;
  const ctx = () => ({ storeId: caller.storeId });

  beforeAll(async () => {
    t = await startOrderTestApp('order-lifecycle');
    caller = await t.newCaller();
  });
  afterAll(async () => t?.close());

  const pay = (orderId: string, value: number) =>
    ok(caller, Ops.recordPayment, { input: { context: ctx(), orderId, amount: usd(value) } });

  describe('DRAFT → OPEN → COMPLETED', () => {
    it('opens a draft once it has a line, and records both statuses in the history', async () => {
      const draft = await addDraft(caller);
      expect(draft.statuses).toEqual({
        status: 'DRAFT',
        paymentStatus: 'NONE',
        fulfillmentStatus: 'UNFULFILLED',
      });
      expect(await errorCode(caller, Ops.openDraft, { id: draft.id })).toBe('ORDER_EMPTY');
      await ok(caller, Ops.addLine, { input: { context: ctx(), orderId: draft.id, ...skuLine() } });
      const open = await ok(caller, Ops.openDraft, { id: draft.id });
      expect(open.statuses.status).toBe('OPEN');
      const read = await ok<{
        statusHistory: { kind: string; status: string; previousStatus: string | null }[];
      }>(caller, Ops.orderById, { id: draft.id });
      expect(
        read.statusHistory.filter((h) => h.kind === 'STATUS').map((h) => [h.previousStatus, h.status]),
      ).toEqual([
        [null, 'DRAFT'],
        ['DRAFT', 'OPEN'],
      ]);
    });

    it('completes an OPEN order, settling the unpaid balance as a payment', async () => {
      const order = await addOrder(caller, { shippingAmount: usd(500) });
      const done = await ok<OrderView & { completedAt: string; paidAt: string }>(caller, Ops.complete, {
        id: order.id,
      });
      expect(done.statuses).toEqual({
        status: 'COMPLETED',
        paymentStatus: 'PAID',
        fulfillmentStatus: 'UNFULFILLED',
      });
      expect(done.totals.total.value).toBe(3000);
      expect(done.totals.paidTotal.value).toBe(3000);
      expect(done.completedAt).toBeTruthy();
      expect(done.paidAt).toBeTruthy();
    });

    it('refuses to complete a DRAFT, a COMPLETED or a CANCELED order (ORDER_ILLEGAL_TRANSITION)', async () => {
      const draft = await addDraft(caller, { lineItems: [line()] });
      expect(await errorCode(caller, Ops.complete, { id: draft.id })).toBe('ORDER_ILLEGAL_TRANSITION');
      const completed = await addOrder(caller);
      await ok(caller, Ops.complete, { id: completed.id });
      expect(await errorCode(caller, Ops.complete, { id: completed.id })).toBe('ORDER_ILLEGAL_TRANSITION');
      const canceled = await addOrder(caller);
      await ok(caller, Ops.cancel, { id: canceled.id });
      expect(await errorCode(caller, Ops.complete, { id: canceled.id })).toBe('ORDER_ILLEGAL_TRANSITION');
    });

    it('refuses to reopen: openDraftOrder on an OPEN order is ORDER_ILLEGAL_TRANSITION', async () => {
      const order = await addOrder(caller);
      expect(await errorCode(caller, Ops.openDraft, { id: order.id })).toBe('ORDER_ILLEGAL_TRANSITION');
    });
  });

  describe('cancelOrder(id, force)', () => {
    it('cancels an OPEN order without payments: fulfilment and payment CANCELED, reason kept', async () => {
      const order = await addOrder(caller);
      const canceled = await ok<OrderView & { cancelReason: string; canceledAt: string }>(
        caller,
        Ops.cancel,
        {
          id: order.id,
          reason: 'customer changed their mind',
        },
      );
      expect(canceled.statuses).toEqual({
        status: 'CANCELED',
        paymentStatus: 'CANCELED',
        fulfillmentStatus: 'CANCELED',
      });
      expect(canceled.cancelReason).toBe('customer changed their mind');
      expect(canceled.canceledAt).toBeTruthy();
    });

    it('cancels a DRAFT', async () => {
      const draft = await addDraft(caller);
      expect((await ok(caller, Ops.cancel, { id: draft.id })).statuses.status).toBe('CANCELED');
    });

    it('refuses a second cancellation, even with force', async () => {
      const order = await addOrder(caller);
      await ok(caller, Ops.cancel, { id: order.id });
      expect(await errorCode(caller, Ops.cancel, { id: order.id })).toBe('ORDER_ILLEGAL_TRANSITION');
      expect(await errorCode(caller, Ops.cancel, { id: order.id, force: true })).toBe(
        'ORDER_ILLEGAL_TRANSITION',
      );
    });

    it('refuses to cancel a COMPLETED order without force, and with force cancels it and refunds everything', async () => {
      const order = await addOrder(caller);
      await ok(caller, Ops.complete, { id: order.id });
      expect(await errorCode(caller, Ops.cancel, { id: order.id })).toBe('ORDER_ILLEGAL_TRANSITION');
      expect(await errorCode(caller, Ops.cancel, { id: order.id, force: false })).toBe(
        'ORDER_ILLEGAL_TRANSITION',
      );
      const forced = await ok(caller, Ops.cancel, { id: order.id, force: true });
      expect(forced.statuses).toEqual({
        status: 'CANCELED',
        paymentStatus: 'REFUNDED',
        fulfillmentStatus: 'CANCELED',
      });
      expect(forced.totals.refundedTotal.value).toBe(2500);
    });

    it('refuses to cancel an OPEN order holding payments without force (ORDER_HAS_PAYMENTS); force refunds each SALE', async () => {
      const order = await addOrder(caller);
      await pay(order.id, 1000);
      await pay(order.id, 500);
      expect(await errorCode(caller, Ops.cancel, { id: order.id })).toBe('ORDER_HAS_PAYMENTS');
      await ok(caller, Ops.cancel, { id: order.id, force: true });
      const read = await ok<{
        payments: { id: string; type: string; amount: { value: number }; parentId: string | null }[];
      }>(caller, Ops.orderById, { id: order.id });
      const sales = read.payments.filter((p) => p.type === 'SALE');
      const refunds = read.payments.filter((p) => p.type === 'REFUND');
      expect(refunds.map((r) => [r.parentId, r.amount.value])).toEqual([
        [sales[0].id, 1000],
        [sales[1].id, 500],
      ]);
    });
  });

  describe('editing', () => {
    it('adds, changes and removes lines, re-deriving the totals; sku is a federation reference', async () => {
      const order = await addOrder(caller);
      const added = await ok<{ id: string; sku: { id: string }; order: OrderView }>(caller, Ops.addLine, {
        input: { context: ctx(), orderId: order.id, ...skuLine('sku-tee', 1) },
      });
      expect(added.sku).toEqual({ id: 'sku-tee' });
      expect(added.order.totals.total.value).toBe(2500 + 1500);
      expect(added.order.lineItems.map((l) => l.name)).toEqual(['Mug', 'Tee']);
      const changed = await ok<{ quantity: number; order: OrderView }>(caller, Ops.updateLine, {
        input: { context: ctx(), orderId: order.id, id: added.id, quantity: 3, taxAmount: usd(120) },
      });
      expect(changed.quantity).toBe(3);
      expect(changed.order.totals.total.value).toBe(2500 + 4500 + 120);
      expect(await ok<boolean>(caller, Ops.deleteLine, { id: added.id, orderId: order.id })).toBe(true);
      const removed = await ok(caller, Ops.orderById, { id: order.id });
      expect(removed.totals.total.value).toBe(2500);
      expect(removed.lineItems).toHaveLength(1);
    });

    it("finds a line by id, and not through another order's id (LINE_ITEM_NOT_FOUND)", async () => {
      const a = await addOrder(caller);
      const b = await addOrder(caller);
      const lineId = a.lineItems[0].id;
      const found = await ok<{ id: string; order: { id: string } }>(caller, Ops.lineItemById, { id: lineId });
      expect(found.order.id).toBe(a.id);
      expect(await errorCode(caller, Ops.deleteLine, { id: lineId, orderId: b.id })).toBe(
        'LINE_ITEM_NOT_FOUND',
      );
      expect(await errorCode(caller, Ops.lineItemById, { id: 'LineItem_nope' })).toBe('LINE_ITEM_NOT_FOUND');
    });

    it('refuses to edit a COMPLETED or CANCELED order (ORDER_NOT_EDITABLE)', async () => {
      const completed = await addOrder(caller);
      await ok(caller, Ops.complete, { id: completed.id });
      const canceled = await addOrder(caller);
      await ok(caller, Ops.cancel, { id: canceled.id });
      for (const order of [completed, canceled]) {
        const lineId = order.lineItems[0].id;
        expect(
          await errorCode(caller, Ops.addLine, {
            input: { context: ctx(), orderId: order.id, ...skuLine() },
          }),
        ).toBe('ORDER_NOT_EDITABLE');
        expect(
          await errorCode(caller, Ops.updateLine, {
            input: { context: ctx(), orderId: order.id, id: lineId, quantity: 9 },
          }),
        ).toBe('ORDER_NOT_EDITABLE');
        expect(await errorCode(caller, Ops.deleteLine, { id: lineId, orderId: order.id })).toBe(
          'ORDER_NOT_EDITABLE',
        );
        expect(
          await errorCode(caller, Ops.addDiscount, {
            input: { context: ctx(), orderId: order.id, name: 'x', amount: usd(1) },
          }),
        ).toBe('ORDER_NOT_EDITABLE');
        expect(
          await errorCode(caller, Ops.update, { input: { context: ctx(), id: order.id, tags: ['late'] } }),
        ).toBe('ORDER_NOT_EDITABLE');
      }
    });

    it('updates customer, addresses and tags; null clears; every write bumps orderVersion', async () => {
      const order = await addOrder(caller, { tags: ['web', ' web ', 'vip'] });
      expect(order.tags).toEqual(['web', 'vip']);
      const customerId = '0c8f8a58-3a4e-4c55-9f0e-8f1f8f3f4a11';
      const updated = await ok(caller, Ops.update, {
        input: {
          context: ctx(),
          id: order.id,
          orderVersion: order.orderVersion,
          customerId,
          shipping: {
            firstName: 'Ada',
            address: { addressLine1: '1 Main St', adminArea2: 'Springfield', countryCode: 'US' },
          },
          tags: ['gift'],
        },
      });
      expect(updated.customerId).toBe(customerId);
      expect(updated.tags).toEqual(['gift']);
      expect(updated.orderVersion).toBe(order.orderVersion + 1);
      const cleared = await ok(caller, Ops.update, {
        input: { context: ctx(), id: order.id, customerId: null },
      });
      expect(cleared.customerId).toBeNull();
    });

    it('refuses a stale orderVersion with ORDER_VERSION_CONFLICT and changes nothing', async () => {
      const order = await addOrder(caller);
      await ok(caller, Ops.update, { input: { context: ctx(), id: order.id, tags: ['first'] } });
      const result = await caller.gql(Ops.update, {
        input: { context: ctx(), id: order.id, orderVersion: order.orderVersion, tags: ['second'] },
      });
      expect(result.body.errors?.[0].extensions.code).toBe('ORDER_VERSION_CONFLICT');
      expect((await ok(caller, Ops.orderById, { id: order.id })).tags).toEqual(['first']);
    });

    it('adds and removes discounts; discounts above the subtotal are refused', async () => {
      const order = await addOrder(caller);
      const discounted = await ok<OrderView & { discounts: { id: string; code: string }[] }>(
        caller,
        Ops.addDiscount,
        {
          input: { context: ctx(), orderId: order.id, name: 'Spring', code: 'SPRING10', amount: usd(250) },
        },
      );
      expect(discounted.totals.discountTotal.value).toBe(250);
      expect(discounted.totals.total.value).toBe(2250);
      expect(
        await errorCode(caller, Ops.addDiscount, {
          input: { context: ctx(), orderId: order.id, name: 'Too much', amount: usd(2251) },
        }),
      ).toBe('ORDER_DISCOUNT_EXCEEDS_SUBTOTAL');
      const back = await ok(caller, Ops.removeDiscount, {
        id: discounted.discounts[0].id,
        orderId: order.id,
      });
      expect(back.totals.total.value).toBe(2500);
      expect(
        await errorCode(caller, Ops.removeDiscount, { id: discounted.discounts[0].id, orderId: order.id }),
      ).toBe('DISCOUNT_NOT_FOUND');
    });

    it('adds notes with their author, and deletes them', async () => {
      const order = await addOrder(caller);
      const note = await ok<{
        id: string;
        author: string;
        authorType: string;
        shouldNotifyCustomer: boolean;
      }>(caller, Ops.addNote, {
        input: { context: ctx(), orderId: order.id, content: 'gift wrap', shouldNotifyCustomer: true },
      });
      expect(note).toMatchObject({
        author: caller.credential.accountId,
        authorType: 'MERCHANT',
        shouldNotifyCustomer: true,
      });
      await ok(caller, Ops.deleteNote, { id: note.id, orderId: order.id });
      const withNotes = await addOrder(caller, {
        notes: [{ content: 'a' }, { content: 'b' }, { content: 'c' }],
      });
      const read = await ok<{ notes: { content: string }[] }>(caller, Ops.orderById, { id: withNotes.id });
      expect(read.notes.map((n) => n.content)).toEqual(['a', 'b', 'c']);
      expect(await errorCode(caller, Ops.deleteNote, { id: note.id, orderId: order.id })).toBe(
        'NOTE_NOT_FOUND',
      );
    });
  });

  describe('payments and fulfilment', () => {
    it('records partial and full payments; refuses overpayment and payments on a DRAFT', async () => {
      const order = await addOrder(caller);
      expect((await pay(order.id, 1000)).statuses.paymentStatus).toBe('PARTIALLY_PAID');
      expect(
        await errorCode(caller, Ops.recordPayment, {
          input: { context: ctx(), orderId: order.id, amount: usd(1501) },
        }),
      ).toBe('ORDER_OVERPAYMENT');
      expect((await pay(order.id, 1500)).statuses.paymentStatus).toBe('PAID');
      const draft = await addDraft(caller, { lineItems: [line()] });
      expect(
        await errorCode(caller, Ops.recordPayment, {
          input: { context: ctx(), orderId: draft.id, amount: usd(1) },
        }),
      ).toBe('ORDER_ILLEGAL_TRANSITION');
    });

    it('refunds part of a payment, then the rest; refuses more than was paid', async () => {
      const order = await addOrder(caller);
      await pay(order.id, 2500);
      expect(
        await errorCode(caller, Ops.refund, {
          input: { context: ctx(), orderId: order.id, amount: usd(2501) },
        }),
      ).toBe('ORDER_REFUND_EXCEEDS_PAID');
      const partial = await ok(caller, Ops.refund, {
        input: { context: ctx(), orderId: order.id, amount: usd(500) },
      });
      expect(partial.statuses.paymentStatus).toBe('PARTIALLY_REFUNDED');
      const rest = await ok(caller, Ops.refund, { input: { context: ctx(), orderId: order.id } });
      expect(rest.statuses.paymentStatus).toBe('REFUNDED');
      expect(rest.totals.refundedTotal.value).toBe(2500);
    });

    it('refuses an edit that would bring the total below what was paid (ORDER_TOTAL_BELOW_PAID)', async () => {
      const order = await addOrder(caller);
      await pay(order.id, 2000);
      expect(await errorCode(caller, Ops.deleteLine, { id: order.lineItems[0].id, orderId: order.id })).toBe(
        'ORDER_TOTAL_BELOW_PAID',
      );
    });

    it('sets the payment status by hand only while no money is recorded', async () => {
      const order = await addOrder(caller);
      expect(
        (await ok(caller, Ops.paymentStatus, { id: order.id, s: 'PENDING' })).statuses.paymentStatus,
      ).toBe('PENDING');
      await pay(order.id, 100);
      expect(await errorCode(caller, Ops.paymentStatus, { id: order.id, s: 'FAILED' })).toBe(
        'ORDER_ILLEGAL_TRANSITION',
      );
    });

    it('moves fulfilment of OPEN and COMPLETED orders; CANCELED only through cancelOrder', async () => {
      const order = await addOrder(caller);
      const fulfilled = await ok(caller, Ops.fulfillment, { id: order.id, s: 'FULFILLED' });
      expect(fulfilled.statuses.fulfillmentStatus).toBe('FULFILLED');
      expect(fulfilled.lineItems.map((l) => l.status)).toEqual(['FULFILLED']);
      expect(await errorCode(caller, Ops.fulfillment, { id: order.id, s: 'CANCELED' })).toBe(
        'BAD_USER_INPUT',
      );
      const draft = await addDraft(caller);
      expect(await errorCode(caller, Ops.fulfillment, { id: draft.id, s: 'IN_PROGRESS' })).toBe(
        'ORDER_ILLEGAL_TRANSITION',
      );
    });
  });

  describe('archive', () => {
    it('archives only COMPLETED or CANCELED orders; archived orders move from orders to archivedOrders and are read-only', async () => {
      const open = await addOrder(caller);
      expect(await errorCode(caller, Ops.archive, { id: open.id })).toBe('ORDER_NOT_ARCHIVABLE');
      await ok(caller, Ops.complete, { id: open.id });
      const archived = await ok<OrderView & { archivedAt: string }>(caller, Ops.archive, { id: open.id });
      expect(archived.archived).toBe(true);
      expect(await errorCode(caller, Ops.archive, { id: open.id })).toBe('ORDER_NOT_ARCHIVABLE');
      expect(
        await errorCode(caller, Ops.addNote, {
          input: { context: ctx(), orderId: open.id, content: 'late note' },
        }),
      ).toBe('ORDER_NOT_EDITABLE');
      expect(await errorCode(caller, Ops.cancel, { id: open.id, force: true })).toBe('ORDER_NOT_EDITABLE');

      const listed = await ok<{ nodes: { id: string }[] }>(caller, Ops.orders, { first: 100 });
      expect(listed.nodes.map((n) => n.id)).not.toContain(open.id);
      const archivedList = await ok<{ nodes: { id: string; archived: boolean }[] }>(
        caller,
        Ops.archivedOrders,
        { first: 100 },
      );
      expect(archivedList.nodes).toContainEqual(expect.objectContaining({ id: open.id, archived: true }));
      expect((await ok(caller, Ops.orderById, { id: open.id })).archived).toBe(true);

      const back = await ok(caller, Ops.unarchive, { id: open.id });
      expect(back.archived).toBe(false);
      expect(await errorCode(caller, Ops.unarchive, { id: open.id })).toBe('ORDER_NOT_ARCHIVABLE');
    });
  });
});

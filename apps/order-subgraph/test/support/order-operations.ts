import { ORDER_FIELDS } from './order-builders';

/** The mutations and queries of the order subgraph as the tests send them. */
export const Ops = {
  orderById: `query($id: ID!) { orderById(id: $id) { ${ORDER_FIELDS} statusHistory { kind status previousStatus reason changedAt } notes { id content author authorType } discounts { id name amount { value } } payments { id type amount { value } parentId } } }`,
  orderByNumber: `query($n: Int!) { orderByNumber(number: $n) { id number } }`,
  openDraft: `mutation($id: ID!, $v: Int) { openDraftOrder(id: $id, orderVersion: $v) { ${ORDER_FIELDS} } }`,
  update: `mutation($input: UpdateOrderInput!) { updateOrder(input: $input) { ${ORDER_FIELDS} customerId } }`,
  cancel: `mutation($id: ID!, $force: Boolean, $reason: String) { cancelOrder(id: $id, force: $force, reason: $reason) { ${ORDER_FIELDS} canceledAt cancelReason } }`,
  complete: `mutation($id: ID!, $v: Int) { completeOrder(id: $id, orderVersion: $v) { ${ORDER_FIELDS} completedAt paidAt } }`,
  archive: `mutation($id: ID!) { archiveOrder(id: $id) { ${ORDER_FIELDS} archivedAt } }`,
  unarchive: `mutation($id: ID!) { unarchiveOrder(id: $id) { ${ORDER_FIELDS} } }`,
  addLine: `mutation($input: AddLineItemInput!) { addLineItemBySkuId(input: $input) { id name quantity skuId sku { id } order { ${ORDER_FIELDS} } } }`,
  updateLine: `mutation($input: UpdateLineItemByIdInput!) { updateLineItemById(input: $input) { id name quantity status totals { total { value } } order { ${ORDER_FIELDS} } } }`,
  deleteLine: `mutation($id: ID!, $orderId: ID!, $v: Int) { deleteLineItemById(id: $id, orderId: $orderId, orderVersion: $v) }`,
  addNote: `mutation($input: AddOrderNoteInput!) { addNote(input: $input) { id orderId content author authorType shouldNotifyCustomer } }`,
  deleteNote: `mutation($id: ID!, $orderId: ID!) { deleteNote(id: $id, orderId: $orderId) { ${ORDER_FIELDS} } }`,
  addDiscount: `mutation($input: AddOrderDiscountInput!) { addDiscount(input: $input) { ${ORDER_FIELDS} discounts { id name code amount { value } } } }`,
  removeDiscount: `mutation($id: ID!, $orderId: ID!) { removeDiscount(id: $id, orderId: $orderId) { ${ORDER_FIELDS} } }`,
  fulfillment: `mutation($id: ID!, $s: OrderFulfillmentStatus!) { updateFulfillmentStatus(id: $id, status: $s) { ${ORDER_FIELDS} } }`,
  paymentStatus: `mutation($id: ID!, $s: OrderManualPaymentStatus!) { updatePaymentStatus(id: $id, status: $s) { ${ORDER_FIELDS} } }`,
  recordPayment: `mutation($input: RecordOrderPaymentInput!) { recordPayment(input: $input) { ${ORDER_FIELDS} paidAt payments { id type amount { value } parentId } } }`,
  refund: `mutation($input: RefundOrderInput!) { refundOrder(input: $input) { ${ORDER_FIELDS} payments { id type amount { value } parentId } } }`,
  lineItemById: `query($id: ID!) { lineItemById(id: $id) { id name orderId order { id number } } }`,
  lineItemsBySku: `query($sku: String!, $first: Int, $after: String) { lineItemsBySkuId(skuId: $sku, first: $first, after: $after) { nodes { id orderId skuId } pageInfo { hasNextPage endCursor } } }`,
  orders: `query($first: Int, $after: String, $last: Int, $before: String, $filter: OrderFilterInput, $orderBy: OrderOrderByInput) {
    orders(first: $first, after: $after, last: $last, before: $before, filter: $filter, orderBy: $orderBy) {
      edges { cursor node { id number tags statuses { status paymentStatus fulfillmentStatus } totals { total { value } } } }
      nodes { id number }
      pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }`,
  archivedOrders: `query($first: Int, $after: String) { archivedOrders(first: $first, after: $after) { nodes { id number archived } pageInfo { hasNextPage endCursor } } }`,
};

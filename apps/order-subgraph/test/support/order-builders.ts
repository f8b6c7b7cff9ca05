import type { Caller } from './order-test-app';

/** The order fields most tests read back. */
export const ORDER_FIELDS = `
  id number orderVersion currencyCode tags customerId archived
  context { storeId channelId }
  statuses { status paymentStatus fulfillmentStatus }
  totals { subTotal { value currencyCode } discountTotal { value } shippingTotal { value } taxTotal { value } total { value } paidTotal { value } refundedTotal { value } }
  lineItems { id name quantity skuId unitAmount { value currencyCode } totals { subTotal { value } total { value } } status }
`;

export interface OrderView {
  id: string;
  number: number;
  orderVersion: number;
  currencyCode: string;
  tags: string[];
  customerId: string | null;
  archived: boolean;
  context: { storeId: string; channelId: string | null };
  statuses: { status: string; paymentStatus: string; fulfillmentStatus: string };
  totals: Record<string, { value: number; currencyCode?: string }>;
  lineItems: {
    id: string;
    name: string;
    quantity: number;
    skuId: string | null;
    status: string;
    unitAmount: { value: number };
    totals: { subTotal: { value: number }; total: { value: number } };
  }[];
}

export const usd = (value: number) => ({ value, currencyCode: 'USD' });

export function line(name = 'Mug', unit = 1250, quantity = 2, skuId: string | null = 'sku-mug') {
  return { name, quantity, unitAmount: usd(unit), skuId };
}

/** addLineItemBySkuId's input for one of the SKUs every test store's fake catalog has (sku-mug 1250, sku-tee 1500 USD). */
export function skuLine(skuId = 'sku-mug', quantity = 2) {
  return { skuId, quantity };
}

export const ADD_ORDER = `mutation($input: AddOrderInput!) { addOrder(input: $input) { ${ORDER_FIELDS} } }`;
export const ADD_DRAFT = `mutation($input: AddDraftOrderInput!) { addDraftOrder(input: $input) { ${ORDER_FIELDS} } }`;

/** addOrder with one or more lines in USD; throws when the response has errors. */
export async function addOrder(caller: Caller, input: Record<string, unknown> = {}): Promise<OrderView> {
  const result = await caller.gql<{ addOrder: OrderView }>(ADD_ORDER, {
    input: { context: { storeId: caller.storeId }, currencyCode: 'USD', lineItems: [line()], ...input },
  });
  if (result.body.errors || !result.body.data) throw new Error(JSON.stringify(result.body.errors));
  return result.body.data.addOrder;
}

export async function addDraft(caller: Caller, input: Record<string, unknown> = {}): Promise<OrderView> {
  const result = await caller.gql<{ addDraftOrder: OrderView }>(ADD_DRAFT, {
    input: { context: { storeId: caller.storeId }, currencyCode: 'USD', ...input },
  });
  if (result.body.errors || !result.body.data) throw new Error(JSON.stringify(result.body.errors));
  return result.body.data.addDraftOrder;
}

/** Runs a mutation/query and returns data[field], throwing on errors. */
export async function ok<T = OrderView>(
  caller: Caller,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  const result = await caller.gql(query, variables);
  if (result.body.errors || !result.body.data) throw new Error(JSON.stringify(result.body.errors));
  return Object.values(result.body.data)[0] as T;
}

/** The extensions.code of the first error (and that data is null or the field is null). */
export async function errorCode(
  caller: Caller,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<string | undefined> {
  const result = await caller.gql(query, variables);
  return result.body.errors?.[0]?.extensions.code;
}

// The chaos run's steady mixed load through the gateway: store reads, customer creates, mailbox
// creates (Idempotency-Key; a 503 is retried once after its Retry-After with the same key, as the
// answer invites), order adds with a recorded payment (the commerce worker records the transaction
// from the order's event), and secrets patches; plus, started by the caller, hosting imports and
// deployments. Every HTTP answer is kept ({op, start, end, status, retryAfter, code}); every
// accepted asynchronous operation is kept for the end-of-run checks.
const { randomUUID } = require('node:crypto');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function createLoad({ url, auth, storeId, accountId, domain, appId, zip }) {
  const results = [];
  const accepted = { mailboxes: [], payments: [], imports: [], deployments: [], customers: [] };
  let running = false;
  const loops = [];

  async function call(op, method, path, { headers = {}, body, form } = {}) {
    const start = Date.now();
    let status = 0;
    let retryAfter = null;
    let json;
    let code;
    try {
      const res = await fetch(`${url}${path}`, {
        method,
        headers: {
          ...auth,
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        body: form ?? (body !== undefined ? JSON.stringify(body) : undefined),
        signal: AbortSignal.timeout(30_000),
      });
      status = res.status;
      retryAfter = res.headers.get('retry-after');
      const text = await res.text();
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      code = json?.code ?? json?.name ?? json?.errors?.[0]?.extensions?.code;
      // A GraphQL answer with errors and no data failed, whatever its HTTP status.
      if (status === 200 && json?.errors?.length && !json.data?.[Object.keys(json.data ?? {})[0]])
        status = 'gql-error';
    } catch (e) {
      code = e.cause?.code ?? e.name;
    }
    results.push({ op, start, end: Date.now(), status, retryAfter, code });
    return { status, json, retryAfter };
  }

  const gql = (op, query, variables) =>
    call(op, 'POST', '/v1/commerce/order-subgraph', {
      headers: { 'x-store-id': storeId },
      body: { query, variables },
    });

  const ops = {
    async storeRead() {
      await call('store read', 'GET', `/v1/commerce/stores/${storeId}`);
    },
    async customerCreate() {
      const email = `c-${randomUUID()}@chaos.example.com`;
      const r = await call('customer create', 'POST', `/v1/commerce/stores/${storeId}/customers`, {
        body: { firstName: 'Chaos', lastName: 'Monkey', emails: [{ email, default: true }] },
      });
      if (r.status === 201) accepted.customers.push({ id: email, at: Date.now() });
    },
    async mailboxCreate() {
      const key = randomUUID();
      const body = {
        emailAddress: `m${randomUUID().slice(0, 12)}@${domain}`,
        accountId,
        firstName: 'Chaos',
        lastName: 'Monkey',
        consents: [{ type: 'FREETRIAL_AUTORENEW' }],
      };
      const send = () =>
        call('mailbox create', 'POST', '/mailboxes', { headers: { 'idempotency-key': key }, body });
      let r = await send();
      if (r.status === 503 && r.retryAfter) {
        await sleep(Number(r.retryAfter) * 1000);
        r = await send();
      }
      if (r.status === 202)
        accepted.mailboxes.push({ id: r.json.mailboxId, email: body.emailAddress, at: Date.now() });
    },
    async orderAdd() {
      const added = await gql(
        'order add',
        `mutation($input: AddOrderInput!) { addOrder(input: $input) { id orderVersion totals { total { value } } } }`,
        {
          input: {
            context: { storeId },
            currencyCode: 'USD',
            lineItems: [{ name: 'Chaos tee', quantity: 1, unitAmount: { value: 1500, currencyCode: 'USD' } }],
          },
        },
      );
      const order = added.status === 200 ? added.json?.data?.addOrder : undefined;
      if (!order) return;
      const paid = await gql(
        'order payment',
        `mutation($input: RecordOrderPaymentInput!) { recordPayment(input: $input) { id } }`,
        {
          input: {
            context: { storeId },
            orderId: order.id,
            amount: { value: order.totals.total.value, currencyCode: 'USD' },
          },
        },
      );
      accepted.payments.push({
        id: order.id,
        at: Date.now(),
        accepted: paid.status === 200 && !!paid.json?.data?.recordPayment,
      });
    },
    async secretsPatch() {
      await call('secrets patch', 'PATCH', `/v1/hosting/apps/${appId}/secrets?variant=PREVIEW`, {
        headers: { 'content-type': 'application/json-patch+json' },
        body: [{ op: 'add', path: `/CHAOS_${Math.floor(Math.random() * 20)}`, value: randomUUID() }],
      });
    },
  };
  const cycle = ['storeRead', 'customerCreate', 'storeRead', 'mailboxCreate', 'orderAdd', 'secretsPatch'];

  return {
    results,
    accepted,
    /** The operations of the cycle, one call each (scripts/steady-soak.js paces them itself). */
    ops,
    start(concurrency, pauseMs) {
      running = true;
      for (let i = 0; i < concurrency; i += 1) {
        loops.push(
          (async () => {
            for (let n = i; running; n += 1) {
              await ops[cycle[n % cycle.length]]();
              await sleep(pauseMs);
            }
          })(),
        );
      }
    },
    async stop() {
      running = false;
      await Promise.all(loops);
    },
    /** One import and one deployment of the current preview, as a user would start them. */
    async importAndDeploy() {
      const form = new FormData();
      form.append('file', new Blob([zip]), 'app.zip');
      const imp = await call('import', 'POST', `/v1/hosting/apps/${appId}/imports`, { form });
      if (imp.status === 202) accepted.imports.push({ id: imp.json.importId, at: Date.now() });
      const dep = await call('deployment', 'POST', `/v1/hosting/apps/${appId}/deployments`, { body: {} });
      if (dep.status === 202) accepted.deployments.push({ id: dep.json.deploymentId, at: Date.now() });
    },
    call,
  };
}

/**
 * A load result that failed: no answer, a 5xx, a 429, or a GraphQL answer with errors and no data
 * (status 'gql-error'); any other answer is the service's own (a 4xx included).
 */
function failed(result) {
  const { status } = result;
  return !(typeof status === 'number' && status >= 200 && status < 500 && status !== 429);
}

module.exports = { createLoad, failed };

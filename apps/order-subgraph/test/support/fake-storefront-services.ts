import { AddressInfo } from 'node:net';
import { IncomingMessage, Server, ServerResponse, createServer } from 'node:http';
import type { CatalogSkuPrice } from '@platform/contracts';
import { INTERNAL_CREDENTIAL_HEADER } from '@platform/crypto';

/** A SKU as the fake catalog prices it: the catalog's internal sku-prices answer (libs/contracts). */
export type FakeSku = CatalogSkuPrice;

/** A percentage rate of the fake tax subgraph for one country (and region, when given). */
export interface FakeRate {
  rateId: string;
  label: string;
  percentage: string;
  countryCode: string;
  regionCode?: string;
}

/**
 * Stand-ins for the catalog's `POST /internal/v1/stores/{storeId}/sku-prices` and the tax
 * subgraph's `POST /internal/v1/stores/{storeId}/tax-estimates` (an app cannot import another
 * app; their own suites test the real routes). Both check the internal credential like the real
 * ones; the tax fake rounds half up per line and rate, as the real engine does.
 */
export interface FakeStorefrontServices {
  readonly url: string;
  readonly calls: { path: string; body: unknown }[];
  addSku(storeId: string, sku: Partial<FakeSku> & { id: string }): FakeSku;
  addRate(storeId: string, rate: FakeRate): void;
  close(): Promise<void>;
}

/** `percentage` % of `amount`, half up, as the tax engine rounds per line. */
export function taxOf(amount: number, percentage: string): number {
  const [whole, fraction = ''] = percentage.split('.');
  const tenThousandths = Number(whole) * 10_000 + Number(fraction.padEnd(4, '0'));
  return Math.floor((amount * tenThousandths + 500_000) / 1_000_000);
}

export async function startFakeStorefrontServices(
  internalCredential: string,
): Promise<FakeStorefrontServices> {
  const skus = new Map<string, Map<string, FakeSku>>();
  const rates = new Map<string, FakeRate[]>();
  const calls: FakeStorefrontServices['calls'] = [];

  function answer(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }

  async function bodyOf(req: IncomingMessage): Promise<unknown> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      if (req.headers[INTERNAL_CREDENTIAL_HEADER] !== internalCredential)
        return answer(res, 401, { code: 'UNAUTHORIZED' });
      const body = await bodyOf(req);
      const path = req.url ?? '';
      calls.push({ path, body });
      const prices = /^\/internal\/v1\/stores\/([^/]+)\/sku-prices$/.exec(path);
      if (prices && req.method === 'POST') {
        const store = skus.get(prices[1]) ?? new Map<string, FakeSku>();
        const ids = (body as { skuIds: string[] }).skuIds;
        return answer(res, 200, { skus: ids.flatMap((id) => (store.has(id) ? [store.get(id)] : [])) });
      }
      const tax = /^\/internal\/v1\/stores\/([^/]+)\/tax-estimates$/.exec(path);
      if (tax && req.method === 'POST') {
        const request = body as {
          address: { countryCode: string; regionCode?: string | null };
          lines: { id: string; amount: { value: number; currencyCode: string }; quantity: number }[];
        };
        const applicable = (rates.get(tax[1]) ?? []).filter(
          (r) =>
            r.countryCode === request.address.countryCode &&
            (!r.regionCode || r.regionCode === request.address.regionCode),
        );
        const summary = new Map<
          string,
          { rateId: string; label: string; percentage: string; amount: number }
        >();
        const lines = request.lines.map((line) => {
          const taxes = applicable.map((r) => ({
            rateId: r.rateId,
            label: r.label,
            percentage: r.percentage,
            amount: taxOf(line.amount.value * line.quantity, r.percentage),
          }));
          for (const t of taxes) {
            const s = summary.get(t.rateId) ?? { ...t, amount: 0 };
            s.amount += t.amount;
            summary.set(t.rateId, s);
          }
          return { id: line.id, taxTotal: taxes.reduce((a, t) => a + t.amount, 0), taxes };
        });
        return answer(res, 200, {
          currencyCode: request.lines[0]?.amount.currencyCode ?? 'USD',
          taxTotal: lines.reduce((a, l) => a + l.taxTotal, 0),
          lines,
          taxes: [...summary.values()],
        });
      }
      return answer(res, 404, { code: 'NOT_FOUND' });
    })().catch(() => answer(res, 500, { code: 'INTERNAL' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    addSku(storeId, sku) {
      const full: FakeSku = {
        name: `SKU ${sku.id}`,
        code: sku.id.toUpperCase(),
        status: 'ACTIVE',
        price: { value: 1000, currencyCode: 'USD' },
        compareAtPrice: null,
        taxable: true,
        mediaUrl: null,
        unitOfMeasure: null,
        ...sku,
      };
      const store = skus.get(storeId) ?? new Map<string, FakeSku>();
      store.set(full.id, full);
      skus.set(storeId, store);
      return full;
    },
    addRate(storeId, rate) {
      rates.set(storeId, [...(rates.get(storeId) ?? []), rate]);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

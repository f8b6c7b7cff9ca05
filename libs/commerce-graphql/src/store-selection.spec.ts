import type { SubgraphRequest } from '@platform/graphql-subgraph';
import { commerceStoreSelection, selectStore } from './store-selection';

const A = '0b6f8c1e-3c1a-4f5e-9a51-5a1d2f3c4b5a';
const B = '9d0c2b7a-1e2f-4a3b-8c4d-5e6f7a8b9c0d';

describe('selectStore', () => {
  it.each([undefined, '', '   '])('reports a missing header (%p) as missing', (header) => {
    expect(selectStore('header', header, undefined)).toMatchObject({ ok: false, failure: 'missing' });
    expect(selectStore('path-and-header', header, A)).toMatchObject({ ok: false, failure: 'missing' });
  });

  it.each(['store-1', `${A}x`, A.replace(/-/g, ''), "'; drop table"])(
    'reports a header that is not a uuid (%p) as invalid',
    (header) => {
      expect(selectStore('header', header, undefined)).toMatchObject({ ok: false, failure: 'invalid' });
    },
  );

  it('reports repeated x-store-id headers as invalid', () => {
    expect(selectStore('header', [A, B], undefined)).toMatchObject({ ok: false, failure: 'invalid' });
  });

  it('takes the header alone in header mode, lower-cased, whatever the path says', () => {
    expect(selectStore('header', A.toUpperCase(), 'not-a-uuid')).toEqual({
      ok: true,
      storeId: A,
      pathOverridden: false,
    });
  });

  it('takes the header when path and header name the same store', () => {
    expect(selectStore('path-and-header', A, A.toUpperCase())).toEqual({
      ok: true,
      storeId: A,
      pathOverridden: false,
    });
  });

  it('lets the header win when path and header differ', () => {
    expect(selectStore('path-and-header', B, A)).toEqual({ ok: true, storeId: B, pathOverridden: true });
  });

  it('requires a uuid path segment in path-and-header mode', () => {
    expect(selectStore('path-and-header', A, 'store-1')).toMatchObject({ ok: false, failure: 'invalid' });
  });
});

describe('commerceStoreSelection', () => {
  const request = (headers: Record<string, string>, params: Record<string, string>) =>
    ({ headers, params }) as unknown as SubgraphRequest;

  it("selects the x-store-id header's store as the lib's tenant, over the {storeId} path parameter", () => {
    expect(
      commerceStoreSelection('path-and-header').select(request({ 'x-store-id': B }, { storeId: A })),
    ).toEqual({ ok: true, tenantId: B });
    expect(commerceStoreSelection('header').select(request({}, {}))).toMatchObject({
      ok: false,
      failure: 'missing',
    });
  });

  it('names x-store-id in the message of a store the caller cannot see', () => {
    expect(commerceStoreSelection('header').hiddenMessage).toBe(
      'the store named by x-store-id does not exist or this credential cannot use it',
    );
  });

  it('refuses a path that does not suit the mode', () => {
    expect(() => commerceStoreSelection('header').checkPath?.('/v1/commerce/order-subgraph')).not.toThrow();
    expect(() =>
      commerceStoreSelection('path-and-header').checkPath?.('/v2/commerce/stores/{storeId}/x'),
    ).not.toThrow();
    expect(() => commerceStoreSelection('header').checkPath?.('/v2/commerce/stores/{storeId}/x')).toThrow(
      'SubgraphModule: tenantSelection "header" ignores a {storeId} path segment',
    );
    expect(() => commerceStoreSelection('path-and-header').checkPath?.('/v1/commerce/x')).toThrow(
      'SubgraphModule: tenantSelection "path-and-header" needs a {storeId} path segment',
    );
  });
});

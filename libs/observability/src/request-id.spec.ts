import { requestIdFrom } from './request-id';

describe('request id', () => {
  it('keeps a caller uuid (lower-cased)', () => {
    expect(requestIdFrom('3F2504E0-4F89-41D3-9A0C-0305E82C3301')).toBe(
      '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
    );
  });

  it('replaces a missing or non-uuid value with a new uuid', () => {
    for (const header of [undefined, '', 'abc', '<script>', '3f2504e0-4f89-41d3-9a0c-0305e82c330']) {
      const id = requestIdFrom(header);
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });

  it('uses the first of repeated headers', () => {
    expect(requestIdFrom(['3f2504e0-4f89-41d3-9a0c-0305e82c3301', 'x'])).toBe(
      '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
    );
  });
});

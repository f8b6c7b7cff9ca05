import type { Response } from 'light-my-request';

/** Every 4XX of commerce: the commerce error object with details[] (issue, location). */
export function expectCommerceError(body: Record<string, unknown>, name: string): void {
  expect(body).toEqual(
    expect.objectContaining({ name, correlationId: expect.any(String), message: expect.any(String) }),
  );
  expect(Array.isArray(body.details) && body.details.length > 0).toBe(true);
  for (const d of body.details as Record<string, unknown>[]) {
    expect(d).toEqual(expect.objectContaining({ issue: expect.any(String), location: expect.any(String) }));
  }
}

/** A 400 INVALID_REQUEST whose one detail names query parameter `field` with `issue`. */
export function expectQueryRefused(res: Response, field: string, issue: string): void {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({
    name: 'INVALID_REQUEST',
    correlationId: res.headers['x-request-id'],
    message: expect.any(String),
    details: [expect.objectContaining({ issue, field, location: 'query' })],
  });
}

import { Readable } from 'node:stream';
import {
  BodyTooLargeError,
  bodyLimitResolver,
  isBodyTooLarge,
  limitedBody,
  payloadTooLarge,
} from './body-limits';

describe('gateway body limits', () => {
  const limitOf = bodyLimitResolver({
    maxBodyBytes: 1024,
    largeBodies: [{ path: '/v1/hosting/apps/{appId}/imports', maxBodyBytes: 4096 }],
  });

  it('takes a large-body path whole, with its parameter segments, else the route default', () => {
    expect(limitOf('/v1/hosting/apps/NODEJS-abc/imports')).toBe(4096);
    expect(limitOf('/v1/hosting/apps/NODEJS-abc/imports/')).toBe(4096);
    expect(limitOf('/v1/hosting/apps/NODEJS-abc/imports/x')).toBe(1024);
    expect(limitOf('/v1/hosting/apps/a/b/imports')).toBe(1024);
    expect(limitOf('/v1/hosting/apps')).toBe(1024);
  });

  it('passes a body within its limit and fails one past it', async () => {
    const read = async (bytes: number) => {
      const chunks: Buffer[] = [];
      for await (const c of limitedBody(Readable.from([Buffer.alloc(bytes)]), 100)) chunks.push(c as Buffer);
      return Buffer.concat(chunks).length;
    };
    await expect(read(100)).resolves.toBe(100);
    const error = await read(101).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BodyTooLargeError);
    expect(isBodyTooLarge(new Error('wrapped', { cause: error }))).toBe(true);
    expect(isBodyTooLarge(new Error('other'))).toBe(false);
  });

  it('answers 413 in each shape', () => {
    expect(payloadTooLarge('domains', 10, 'r1')).toEqual({
      status: 413,
      body: { code: 'PAYLOAD_TOO_LARGE', message: 'the request body is larger than 10 bytes' },
    });
    expect(payloadTooLarge('commerce', 10, 'r1').body).toMatchObject({
      name: 'PAYLOAD_TOO_LARGE',
      correlationId: 'r1',
    });
    expect(payloadTooLarge('shopping', 10, 'r1').body).toEqual({
      ucp: { version: '2026-04-08', status: 'error' },
      messages: [
        {
          type: 'error',
          code: 'payload_too_large',
          content_type: 'plain',
          content: 'the request body is larger than 10 bytes',
          severity: 'unrecoverable',
        },
      ],
    });
    expect(payloadTooLarge('graphql', 10, 'r1').body).toEqual({
      errors: [
        { message: 'the request body is larger than 10 bytes', extensions: { code: 'PAYLOAD_TOO_LARGE' } },
      ],
    });
  });
});

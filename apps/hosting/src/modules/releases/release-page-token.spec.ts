import { PlatformError } from '@platform/errors';
import { encodeListCursor } from '@platform/crypto';
import { decodeReleasePageToken, encodeReleasePageToken, releaseListBinding } from './release-page-token';

describe('release page tokens', () => {
  const binding = releaseListBinding('NODEJS-abc', 'PUBLISH', 'acc', 20);

  it('round-trips a version', () => {
    expect(decodeReleasePageToken(encodeReleasePageToken(7, binding), binding)).toBe(7);
  });

  it('refuses a token of another list (variant, app, account or page size)', () => {
    const token = encodeReleasePageToken(7, binding);
    for (const other of [
      releaseListBinding('NODEJS-abc', 'PREVIEW', 'acc', 20),
      releaseListBinding('NODEJS-abd', 'PUBLISH', 'acc', 20),
      releaseListBinding('NODEJS-abc', 'PUBLISH', 'other', 20),
      releaseListBinding('NODEJS-abc', 'PUBLISH', 'acc', 21),
    ])
      expect(() => decodeReleasePageToken(token, other)).toThrow(PlatformError);
  });

  it('refuses garbage and versions out of range', () => {
    for (const token of ['', 'abc', `${encodeReleasePageToken(7, binding)}x`])
      expect(() => decodeReleasePageToken(token, binding)).toThrow(PlatformError);
    for (const part of ['0', '-1', '1.5', '99999999999', 'x'])
      expect(() => decodeReleasePageToken(encodeListCursor([part], binding), binding)).toThrow(PlatformError);
  });
});

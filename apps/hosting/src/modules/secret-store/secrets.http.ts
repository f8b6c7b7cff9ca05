import { CommonErrorCode, Errors, PlatformError } from '@platform/errors';
import { SecretPatchError } from '../secrets';
import { JSON_PATCH_MEDIA_TYPE } from './secrets.request';

/** 415 unless the body was sent as application/json-patch+json (parameters such as charset allowed). */
export function assertJsonPatchContentType(contentType: string | undefined): void {
  const mediaType = (contentType ?? '').split(';')[0].trim().toLowerCase();
  if (mediaType === JSON_PATCH_MEDIA_TYPE) return;
  const message = `the body must be a JSON Patch sent as Content-Type: ${JSON_PATCH_MEDIA_TYPE}`;
  throw new PlatformError({
    status: 415,
    code: CommonErrorCode.UNSUPPORTED_MEDIA_TYPE,
    message,
    violations: [
      {
        location: 'header',
        path: ['Content-Type'],
        code: CommonErrorCode.UNSUPPORTED_MEDIA_TYPE,
        message,
        ...(contentType === undefined ? {} : { value: contentType }),
      },
    ],
  });
}

/** RFC 6901 pointer → segments (`/3/path` → [3, 'path'], `` → []). */
function pointerSegments(pointer: string): (string | number)[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

/**
 * A refused patch as the commerce error object: 400 INVALID_REQUEST with one detail whose issue is the
 * engine's code and whose field points into the body (`/3/path`). The detail's value is the operation's
 * path when the path is at fault, never a secret value.
 */
export function secretPatchHttpError(error: SecretPatchError): PlatformError {
  const atPath = error.field.endsWith('/path') && error.path !== null;
  return Errors.validation(
    [
      {
        location: 'body',
        path: pointerSegments(error.field),
        code: error.code,
        message: error.message,
        ...(atPath ? { value: error.path } : {}),
      },
    ],
    error.message,
  );
}

/** Runs a patch, translating SecretPatchError into the HTTP error. */
export async function withSecretPatchErrors<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof SecretPatchError) throw secretPatchHttpError(error);
    throw error;
  }
}

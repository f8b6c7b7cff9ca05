import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { CommonErrorCode, Errors, PlatformError, ViolationCode } from '@platform/errors';
import type { FastifyRequest } from 'fastify';
import { ArchiveError, ArchiveErrorCode, detectArchiveFormat } from './archive';

export const UPLOAD_FIELD = 'file';

export interface StoredUpload {
  readonly path: string;
  readonly bytes: number;
  readonly fileName: string | null;
}

const fileViolation = (code: string, message: string) => ({
  location: 'body' as const,
  path: [UPLOAD_FIELD],
  code,
  message,
});

function tooLarge(maxBytes: number): PlatformError {
  const message = `the upload exceeds ${maxBytes} bytes`;
  return new PlatformError({
    status: 413,
    code: CommonErrorCode.PAYLOAD_TOO_LARGE,
    message,
    violations: [fileViolation(ArchiveErrorCode.ARCHIVE_TOO_LARGE, message)],
  });
}

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Streams the multipart field `file` of `req` to a new file under `dir`, counting bytes as they
 * arrive (the part is cut, the file deleted and 413 answered at `maxBytes`), then checks the magic
 * bytes (zip or gzip, else 400 UNSUPPORTED_ARCHIVE). Not multipart → 415; no `file` part → 400
 * REQUIRED; another file field → 400 UNKNOWN_FIELD. Other form fields are ignored.
 */
export async function receiveUpload(
  req: FastifyRequest,
  dir: string,
  maxBytes: number,
): Promise<StoredUpload> {
  if (!req.isMultipart())
    throw new PlatformError({
      status: 415,
      code: CommonErrorCode.UNSUPPORTED_MEDIA_TYPE,
      message: 'send the archive as multipart/form-data in the field "file"',
    });
  await mkdir(dir, { recursive: true });
  const path = join(dir, `${randomUUID()}.upload`);
  let stored: StoredUpload | undefined;
  try {
    for await (const part of req.parts({ limits: { fileSize: maxBytes, files: 1, fields: 20 } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== UPLOAD_FIELD) {
        part.file.resume();
        throw Errors.validation([
          {
            location: 'body',
            path: [part.fieldname],
            code: ViolationCode.UNKNOWN_FIELD,
            message: `send the archive in the field "${UPLOAD_FIELD}"`,
          },
        ]);
      }
      const out = createWriteStream(path, { flags: 'wx', mode: 0o600 });
      await pipeline(part.file, out);
      if (part.file.truncated) throw tooLarge(maxBytes);
      stored = {
        path,
        bytes: out.bytesWritten,
        fileName: part.filename ? part.filename.slice(0, 255) : null,
      };
    }
    if (!stored)
      throw Errors.validation([
        fileViolation(ViolationCode.REQUIRED, `the multipart field "${UPLOAD_FIELD}" is required`),
      ]);
    await detectArchiveFormat(path);
    return stored;
  } catch (error) {
    await rm(path, { force: true });
    if (error instanceof PlatformError) throw error;
    if (error instanceof ArchiveError)
      throw Errors.validation([fileViolation(error.code, error.message)], error.message);
    const code = errorCode(error);
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxBytes);
    if (code === 'FST_FILES_LIMIT')
      throw Errors.validation([fileViolation(ViolationCode.INVALID_VALUE, 'send exactly one file')]);
    if (code?.startsWith('FST_'))
      throw Errors.badRequest(
        CommonErrorCode.INVALID_BODY,
        `malformed multipart body: ${(error as Error).message}`,
      );
    throw error;
  }
}

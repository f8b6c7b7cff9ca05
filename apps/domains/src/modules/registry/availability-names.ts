import { Errors, Violation, ViolationCode } from '@platform/errors';
import { normalizeDomainName } from '../domains/domain-name';
import { RegistryErrorCode, unsupportedTldMessage } from './registry.errors';
import type { AvailabilityErrorResponse } from './availability.response';
import { yearlyPriceOf } from './sandbox-registry';

/** Most names one POST /v1/domains/available takes. */
export const MAX_NAMES_PER_CHECK = 500;

export interface NameList {
  /** The names to answer, canonical, with their yearly price, in request order (repeats kept). */
  readonly names: { readonly domain: string; readonly price: number }[];
  /** One entry per name that cannot be answered. */
  readonly errors: AvailabilityErrorResponse[];
}

/**
 * Splits the body of POST /v1/domains/available into names to check and per-name errors (a
 * malformed name: INVALID_FORMAT, 400; a TLD the registry does not sell: UNSUPPORTED_TLD, 422).
 * A body that is not an array of 1 to 500 strings is refused as a whole (400 INVALID_BODY).
 */
export function readNameList(body: unknown): NameList {
  if (!Array.isArray(body)) throw invalidBody([], 'the body must be a JSON array of domain names');
  if (body.length === 0 || body.length > MAX_NAMES_PER_CHECK)
    throw invalidBody(
      [],
      `the body must hold 1 to ${MAX_NAMES_PER_CHECK} domain names`,
      ViolationCode.OUT_OF_RANGE,
    );
  const notStrings = body.flatMap((v: unknown, i) => (typeof v === 'string' ? [] : [i]));
  if (notStrings.length > 0) {
    const message = 'each entry must be a string';
    throw Errors.validation(
      notStrings.map((i) => ({ location: 'body', path: [i], code: ViolationCode.INVALID_FORMAT, message })),
    );
  }
  const list: NameList = { names: [], errors: [] };
  (body as string[]).forEach((raw, i) => {
    const name = readName(raw);
    if ('error' in name) {
      const { code, domain, status, message } = name.error;
      list.errors.push({ code, domain, path: `[${i}]`, status, message });
    } else list.names.push(name);
  });
  return list;
}

/** Why one name of an availability check cannot be answered (its status alone: 400 or 422). */
export interface NameError {
  readonly code: string;
  /** The name as sent when malformed, else canonical. */
  readonly domain: string;
  readonly status: 400 | 422;
  readonly message: string;
}

/**
 * One name of an availability check (POST /v1/domains/available, POST
 * /internal/v1/domains/availability): canonical with its yearly price, or why it cannot be
 * answered (INVALID_FORMAT, UNSUPPORTED_TLD).
 */
export function readName(
  raw: string,
): { readonly domain: string; readonly price: number } | { readonly error: NameError } {
  const domain = normalizeDomainName(raw);
  if (domain === undefined)
    return {
      error: {
        code: ViolationCode.INVALID_FORMAT,
        domain: raw,
        status: 400,
        message: 'not a domain name such as example.com (ASCII, A-labels for IDNs)',
      },
    };
  const price = yearlyPriceOf(domain);
  if (price === undefined)
    return {
      error: {
        code: RegistryErrorCode.UNSUPPORTED_TLD,
        domain,
        status: 422,
        message: unsupportedTldMessage(domain),
      },
    };
  return { domain, price };
}

function invalidBody(path: Violation['path'], message: string, code: string = ViolationCode.INVALID_FORMAT) {
  return Errors.validation([{ location: 'body', path, code, message }], message);
}

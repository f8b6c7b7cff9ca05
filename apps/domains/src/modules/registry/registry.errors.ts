import { Errors, PlatformError } from '@platform/errors';
import { TLD_YEARLY_PRICES } from './sandbox-registry';

export const RegistryErrorCode = {
  /** The sandbox registry does not sell names of this TLD (docs/domains.md, "The sandbox registry"). */
  UNSUPPORTED_TLD: 'UNSUPPORTED_TLD',
} as const;

/** What a refused name answers, in the API and as an entry of POST /v1/domains/available's errors[]. */
export const unsupportedTldMessage = (domain: string): string =>
  `the sandbox registry does not sell ${domain}; supported TLDs: ${Object.keys(TLD_YEARLY_PRICES).join(', ')}`;

export const RegistryErrors = {
  /** 422: a well-formed name the registry does not sell. */
  unsupportedTld(domain: string): PlatformError {
    return Errors.unprocessable(RegistryErrorCode.UNSUPPORTED_TLD, unsupportedTldMessage(domain));
  },
};

import { Errors, PlatformError } from '@platform/errors';

export const CountriesErrorCode = {
  COUNTRY_NOT_FOUND: 'COUNTRY_NOT_FOUND',
} as const;

export const CountriesErrors = {
  countryNotFound(countryKey: string): PlatformError {
    return Errors.notFound(`no country with key ${countryKey}`, CountriesErrorCode.COUNTRY_NOT_FOUND);
  },
};

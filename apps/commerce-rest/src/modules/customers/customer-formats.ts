import { getAlpha2Codes } from 'i18n-iso-countries';
import { isValidPhoneNumber } from 'libphonenumber-js';

/**
 * A person's name: Unicode letters (with combining marks), spaces, apostrophes (' and ’), hyphens
 * and periods; it starts with a letter and does not end with a space. "Zoë", "O'Brien",
 * "Jean-Luc", "J. R.", "李", "Nguyễn".
 */
const PERSON_NAME = /^\p{L}[\p{L}\p{M} '’.-]*$/u;

export function isPersonName(value: unknown): boolean {
  return typeof value === 'string' && PERSON_NAME.test(value) && !value.endsWith(' ');
}

/**
 * A phone number: 4 to 17 characters, digits with an optional leading "+". A number in
 * international form ("+" then country code) must also be a valid number for its country
 * (libphonenumber); a national number (no "+") cannot be checked further without a country.
 */
const PHONE = /^\+?[0-9]{3,16}$/;

export function isPhoneNumber(value: unknown): boolean {
  if (typeof value !== 'string' || value.length < 4 || value.length > 17 || !PHONE.test(value)) return false;
  return value.startsWith('+') ? isValidPhoneNumber(value) : true;
}

/** ISO 3166-1 alpha-2, less the user-assigned elements (AA, QM–QZ, XA–XZ, ZZ). */
const ISO_COUNTRIES: ReadonlySet<string> = new Set(
  Object.keys(getAlpha2Codes())
    .map((code) => code.toUpperCase())
    .filter((code) => !/^(AA|Q[M-Z]|X[A-Z]|ZZ)$/.test(code)),
);

export function isIsoCountry(value: unknown): boolean {
  return typeof value === 'string' && /^[A-Z]{2}$/.test(value) && ISO_COUNTRIES.has(value);
}

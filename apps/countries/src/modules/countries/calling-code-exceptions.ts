/**
 * Calling codes for the ISO 3166-1 countries that libphonenumber (`libphonenumber-js`) has no
 * metadata for: territories with no public telephone network of their own. Every other country
 * takes its code from libphonenumber's `getCountryCallingCode`.
 *
 * Format, as everywhere in this service: digits only, no "+" ("33" for France); "" when no code
 * applies.
 *
 * Sources: ITU-T Recommendation E.164, "List of ITU-T Recommendation E.164 assigned country
 * codes" (annex to the ITU Operational Bulletin), and Wikipedia, "List of country calling codes"
 * (which maps the codes to ISO 3166-1 territories).
 *
 * A spec checks that this table stays exactly the set of countries libphonenumber lacks, so an
 * upgrade that adds one of them fails the test and the entry can be removed.
 */
export const CALLING_CODE_EXCEPTIONS: Readonly<Record<string, string>> = Object.freeze({
  /** Antarctica: 672 is assigned to the Australian External Territories; 672 1x serves Australian Antarctic bases. */
  AQ: '672',
  /** Bouvet Island: uninhabited Norwegian dependency; no code assigned and not part of Norway's +47 plan. */
  BV: '',
  /** South Georgia and the South Sandwich Islands: served from the Falkland Islands' numbering plan (+500). */
  GS: '500',
  /** Heard Island and McDonald Islands: uninhabited Australian external territory; 672 (Australian External Territories). */
  HM: '672',
  /** Pitcairn Islands: part of New Zealand's numbering plan (+64). */
  PN: '64',
  /** French Southern Territories: 262, "French Departments and Territories in the Indian Ocean". */
  TF: '262',
  /** United States Minor Outlying Islands: North American Numbering Plan (+1). */
  UM: '1',
});

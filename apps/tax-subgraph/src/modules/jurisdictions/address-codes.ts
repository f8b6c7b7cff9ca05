// How jurisdictions store region and postal codes, and how the tax engine compares an address to them.

/** Upper-case letters and digits only: "sw1a 1aa" and "SW1A-1AA" are the same postal code. */
export function normalizePostalCode(value: string): string {
  return value.toUpperCase().replace(/[^0-9A-Z]/g, '');
}

/** "US-CA", "us-ca" and "CA" name the same region of the US. */
export function normalizeRegion(countryCode: string, region: string): string {
  const upper = region.trim().toUpperCase();
  const prefix = `${countryCode.toUpperCase()}-`;
  return upper.startsWith(prefix) ? upper.slice(prefix.length) : upper;
}

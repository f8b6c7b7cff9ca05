/**
 * Store Processor: upper-case payment-processor identifiers (public counterpart: 44 values, a
 * superset of the spec's "about thirty", including MOCK).
 */
export const STORE_PROCESSORS = [
  'CHASE_PAYMENTECH',
  'REDE',
  'EVO',
  'FIRST_DATA',
  'GLOBAL_PAYMENTS',
  'HEARTLAND_PAYMENT_SYSTEM',
  'ELAVON',
  'MERCURY',
  'MONERIS',
  'PAYPAL',
  'ELAVON_MX',
  'STRIPE',
  'TSYS',
  'VANTIV',
  'WORLDPAY',
  'EPX',
  'WEPAY',
  'MASHREQ',
  'AXIS',
  'KARTUKU',
  'NEXI',
  'DANA',
  'MYNT',
  'POYNT',
  'NUVEI',
  'NPAY',
  'BRIDGEPAY',
  'CONVERGE',
  'MOCK',
  'NA_BANCARD',
  'CREDITCALL',
  'ELAVON_EU',
  'FUSEBOX',
  'EVERTEC',
  'GHL',
  'RS2',
  'JCN',
  'PRISMA',
  'VANTIV_EXPRESS',
  'EZETAP',
  'ADYEN',
  'USBANK',
  'LETGO',
  'CHECK_COMMERCE',
] as const;

export type StoreProcessor = (typeof STORE_PROCESSORS)[number];

export const STORE_STATUSES = ['ACTIVE', 'DISABLED', 'REMOVED'] as const;
export type StoreStatus = (typeof STORE_STATUSES)[number];

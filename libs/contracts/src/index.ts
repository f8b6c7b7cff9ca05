export {
  CHILD_TRANSACTION_TYPES,
  COMMERCE_TRANSACTIONS_QUEUE,
  CommerceTransactionsQueue,
  ORDER_PAYMENT_RECORDED,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  orderPaymentRecordedJobId,
  parseOrderPaymentRecorded,
} from './commerce-transactions.jobs';
export type {
  ContractCheck,
  Money,
  OrderPaymentRecorded,
  TransactionStatus,
  TransactionType,
} from './commerce-transactions.jobs';
export type { CatalogMoney, CatalogSkuPrice, CatalogSkuPricesResponse } from './catalog-sku-prices';
export type { TaxEstimate, TaxEstimateRequest, TaxEstimateTax } from './tax-estimates';
export type {
  DomainAvailability,
  DomainPurchase,
  DomainPurchaseRequest,
  HostingPlan,
  HostingPlanRequest,
  PaymentProfileStatus,
  StoreOrderAddress,
  StoreOrderProblem,
  StoreOrderQuote,
  StoreOrderQuoteLine,
  StoreOrderQuoteRequest,
  StoreOutOfStock,
  StorePaidOrder,
  StorePaidOrderRequest,
  StoreProduct,
  StoreProductLookupRequest,
  StoreProductLookupResponse,
  StoreProductSearchRequest,
  StoreProductSearchResponse,
  StoreReservation,
  StoreReservationRequest,
  StoreVariant,
} from './shopping-owners';

export { forbiddenRange } from './address-policy';
export {
  OutboundError,
  OutboundErrorCode,
  OutboundErrors,
  OutboundRefusalReason,
  isOutboundError,
} from './outbound.errors';
export type { OutboundErrorDetails } from './outbound.errors';
export { createOutboundFetcher } from './outbound-fetcher';
export type {
  CheckedTarget,
  HostResolver,
  OutboundFetcher,
  OutboundJsonResponse,
  OutboundPolicy,
  OutboundRequestOptions,
  OutboundResponse,
  ResolvedAddress,
} from './outbound-fetcher';
export {
  canonicalAddress,
  canonicalHost,
  formatTarget,
  parseOutboundTarget,
  parseOutboundTargets,
} from './outbound-targets';
export type { OutboundTarget } from './outbound-targets';
export { platformTargets } from './platform-targets';

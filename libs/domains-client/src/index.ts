export { DomainsClient, DomainsRejectedError, DomainsUnavailableError } from './domains-client';
export type {
  DomainOwner,
  DomainsClientOptions,
  ZoneChange,
  ZoneChangeOutcome,
  ZoneRecord,
} from './domains-client';

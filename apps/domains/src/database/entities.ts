import type { EntityList } from '@platform/database';
import { DomainEntity } from '../modules/domains/domain.entity';
import { DomainOrderEntity } from '../modules/orders/domain-order.entity';
import { PaymentProfileEntity } from '../modules/payment-profiles/payment-profile.entity';
import { DnsRecordEntity } from '../modules/records/dns-record.entity';
import { ZoneChangeEntity } from '../modules/records/zone-change.entity';

/**
 * Every entity of schema `domains` (modules/<feature>/*.entity.ts; explicit list, no globs).
 * Keep it sorted.
 */
export const DOMAINS_ENTITIES: EntityList = [
  DnsRecordEntity,
  DomainEntity,
  DomainOrderEntity,
  PaymentProfileEntity,
  ZoneChangeEntity,
];

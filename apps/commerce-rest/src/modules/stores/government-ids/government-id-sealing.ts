import type { GovernmentIdType } from './business-government-id.entity';

/** Associated data of a sealed government id: it opens only as an id of that type of that business. */
export function governmentIdAssociatedData(businessId: string, type: GovernmentIdType): string {
  return `commerce.business_government_ids:${businessId}:${type}`;
}

import { IsDefined, IsIn, IsInt, IsString, IsUUID, Matches, Max, Min } from 'class-validator';
import { HOSTING_PRODUCTS, MAX_SLOT_LIMIT } from './subscription.entity';
import type { HostingProduct } from './subscription.entity';

/** A caller's idempotency reference: 1 to 200 of letters, digits and `. _ : ~ -` (it goes in a path). */
const PLAN_REFERENCE = /^[A-Za-z0-9._:~-]{1,200}$/;
const REFERENCE_MESSAGE = 'reference must be 1 to 200 letters, digits or . _ : ~ -';

/** POST /internal/v1/accounts/{accountId}/hosting-plans (libs/contracts HostingPlanRequest). */
export class HostingPlanRequest {
  @IsDefined({ message: 'reference is required' })
  @IsString({ message: 'reference must be a string' })
  @Matches(PLAN_REFERENCE, { message: REFERENCE_MESSAGE })
  reference!: string;

  @IsDefined({ message: 'hostingProduct is required' })
  @IsIn(HOSTING_PRODUCTS, { message: `hostingProduct must be one of ${HOSTING_PRODUCTS.join(', ')}` })
  hostingProduct!: HostingProduct;

  @IsDefined({ message: 'slotLimit is required' })
  @IsInt({ message: 'slotLimit must be an integer' })
  @Min(1, { message: `slotLimit must be 1 to ${MAX_SLOT_LIMIT}` })
  @Max(MAX_SLOT_LIMIT, { message: `slotLimit must be 1 to ${MAX_SLOT_LIMIT}` })
  slotLimit!: number;
}

export class HostingPlanAccountParams {
  @IsDefined({ message: 'accountId is required' })
  @IsUUID('all', { message: 'accountId must be a uuid' })
  accountId!: string;
}

export class HostingPlanParams extends HostingPlanAccountParams {
  @IsDefined({ message: 'reference is required' })
  @Matches(PLAN_REFERENCE, { message: REFERENCE_MESSAGE })
  reference!: string;
}

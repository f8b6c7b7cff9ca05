import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsUUID } from 'class-validator';
import { HOSTING_PRODUCTS } from './subscription.entity';
import type { HostingProduct } from './subscription.entity';

/** Either subscriptionId, or hostingProduct (default WEB_HOSTING), not both. */
export class AttachSubscriptionRequest {
  @ApiPropertyOptional({ enum: HOSTING_PRODUCTS, default: 'WEB_HOSTING' })
  @IsIn(HOSTING_PRODUCTS, { message: `hostingProduct must be one of ${HOSTING_PRODUCTS.join(', ')}` })
  @IsOptional()
  hostingProduct?: HostingProduct;

  @ApiPropertyOptional({ format: 'uuid', description: 'One of the caller’s subscriptions' })
  @IsUUID('all', { message: 'subscriptionId must be a uuid' })
  @IsOptional()
  subscriptionId?: string;
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ORDER_TYPES } from './domain-order.entity';
import type { DomainOrderEntity } from './domain-order.entity';

const ORDER_STATUSES = ['EXECUTING', 'COMPLETED', 'FAILED'];

export class OrderLinkResponse {
  @ApiProperty({ enum: ['order', 'domain'] }) rel!: string;
  @ApiProperty() href!: string;
}

/** 202 of purchase, renew and transfer. */
export class OrderAcceptedResponse {
  @ApiProperty({ format: 'uuid' }) orderId!: string;
  @ApiProperty({ example: 1 }) itemCount!: number;
  @ApiProperty({ description: 'Micro-units of currency: price per year × period', example: 11990000 })
  total!: number;
  @ApiProperty({ example: 'USD' }) currency!: string;
  @ApiProperty({ enum: ORDER_STATUSES }) status!: string;
  @ApiProperty({ example: 'my-new-shop.com' }) domain!: string;
  @ApiProperty({ type: [OrderLinkResponse] }) links!: OrderLinkResponse[];
}

export class OrderFailureResponse {
  @ApiProperty({ example: 'BILLING_DECLINED' }) code!: string;
  @ApiProperty() message!: string;
}

export class OrderResponse {
  @ApiProperty({ format: 'uuid' }) orderId!: string;
  @ApiProperty({ enum: ORDER_TYPES }) type!: string;
  @ApiProperty() domain!: string;
  @ApiProperty({ description: 'Years' }) period!: number;
  @ApiProperty({ description: 'Micro-units of currency' }) total!: number;
  @ApiProperty({ example: 'USD' }) currency!: string;
  @ApiProperty({ enum: ORDER_STATUSES }) status!: string;
  @ApiPropertyOptional({ type: OrderFailureResponse, description: 'Only when status is FAILED' })
  failure?: OrderFailureResponse;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) completedAt!: string | null;
}

export function orderPath(orderId: string): string {
  return `/v1/domains/orders/${orderId}`;
}

export function toOrderAccepted(order: DomainOrderEntity): OrderAcceptedResponse {
  return {
    orderId: order.id,
    itemCount: 1,
    total: order.total,
    currency: order.currency,
    status: order.status,
    domain: order.domain,
    links: [
      { rel: 'order', href: orderPath(order.id) },
      { rel: 'domain', href: `/v1/domains/${order.domain}` },
    ],
  };
}

export function toOrderResponse(order: DomainOrderEntity): OrderResponse {
  const response: OrderResponse = {
    orderId: order.id,
    type: order.type,
    domain: order.domain,
    period: order.period,
    total: order.total,
    currency: order.currency,
    status: order.status,
    createdAt: order.createdAt.toISOString(),
    completedAt: order.completedAt?.toISOString() ?? null,
  };
  if (order.status === 'FAILED')
    response.failure = { code: order.failureCode ?? 'UNKNOWN', message: order.failureMessage ?? '' };
  return response;
}

import { Body, Controller, HttpCode, Param, Post, Res } from '@nestjs/common';
import { InternalRoute } from '@platform/auth';
import type { StoreOrderProblem, StoreOrderQuote, StorePaidOrder } from '@platform/contracts';
import { assertNever } from '@platform/errors';
import type { FastifyReply } from 'fastify';
import { StoreOrderQuoteBody, StoreOrdersParams, StorePaidOrderBody } from './store-orders.request';
import { StoreOrdersService } from './store-orders.service';

/** 409 of paid-orders: the cart's total is no longer the caller's expectedTotal. */
export interface QuoteChangedBody {
  readonly code: 'QUOTE_CHANGED';
  readonly message: string;
  readonly quote: StoreOrderQuote;
}

/** 422 of paid-orders: a line or code cannot be taken. */
export interface OrderProblemsBody {
  readonly code: 'ORDER_PROBLEMS';
  readonly message: string;
  readonly problems: readonly StoreOrderProblem[];
}

/**
 * A store's cart priced and placed as its storefront prices it, for the Shopping API
 * (libs/contracts shopping-owners.ts, "order-subgraph"), with the platform's internal credential.
 */
@Controller('internal/v1/stores/:storeId')
export class InternalStoreOrdersController {
  constructor(private readonly storeOrders: StoreOrdersService) {}

  /** 200 StoreOrderQuote: what the storefront cart would charge; lines and codes it refuses in `problems`. */
  @Post('order-quotes')
  @HttpCode(200)
  @InternalRoute()
  quote(@Param() params: StoreOrdersParams, @Body() body: StoreOrderQuoteBody): Promise<StoreOrderQuote> {
    return this.storeOrders.quote(params.storeId.toLowerCase(), body);
  }

  /**
   * 201 StorePaidOrder (200 when the reference already placed it); 409 QUOTE_CHANGED with the
   * current quote; 422 ORDER_PROBLEMS. Nothing is written on 409 or 422.
   */
  @Post('paid-orders')
  @InternalRoute()
  async placePaid(
    @Param() params: StoreOrdersParams,
    @Body() body: StorePaidOrderBody,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StorePaidOrder | QuoteChangedBody | OrderProblemsBody> {
    const outcome = await this.storeOrders.placePaid(params.storeId.toLowerCase(), body);
    switch (outcome.kind) {
      case 'PLACED':
        reply.status(outcome.created ? 201 : 200);
        return outcome.order;
      case 'QUOTE_CHANGED':
        reply.status(409);
        return {
          code: 'QUOTE_CHANGED',
          message: `the total is now ${outcome.quote.total}, not the expectedTotal ${body.expectedTotal}`,
          quote: outcome.quote,
        };
      case 'ORDER_PROBLEMS':
        reply.status(422);
        return {
          code: 'ORDER_PROBLEMS',
          message: 'a line or discount code cannot be taken',
          problems: outcome.problems,
        };
      default:
        return assertNever(outcome);
    }
  }
}

import { Body, Controller, HttpCode, Param, Post, Res } from '@nestjs/common';
import { InternalRoute } from '@platform/auth';
import type { StoreOutOfStock, StoreReservation } from '@platform/contracts';
import type { FastifyReply } from 'fastify';
import { ReservationParams, ReservationRequest, StoreParams } from './shopping-products.request';
import { ShoppingReservationsService } from './shopping-reservations.service';

/**
 * The Shopping API's inventory reservations at checkout completion, with the platform's internal
 * credential: every line or none, idempotent by the caller's reference.
 */
@Controller('internal/v1/stores/:storeId/shopping-reservations')
export class ShoppingReservationsController {
  constructor(private readonly reservations: ShoppingReservationsService) {}

  /**
   * 200 StoreReservation (a replay of the reference: the same one); 409 {code: 'OUT_OF_STOCK',
   * skuIds} when a line cannot be reserved (nothing is); 409 RESERVATION_REFERENCE_REUSED for
   * other lines under a known reference, RESERVATION_RELEASED for a released one.
   */
  @Post()
  @HttpCode(200)
  @InternalRoute()
  async reserve(
    @Param() params: StoreParams,
    @Body() body: ReservationRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StoreReservation | StoreOutOfStock> {
    const outcome = await this.reservations.reserve(params.storeId.toLowerCase(), body);
    if (outcome.ok) return outcome.reservation;
    reply.status(409);
    return { code: 'OUT_OF_STOCK', skuIds: outcome.skuIds };
  }

  /** 200 StoreReservation: its units are given back; idempotent, an unknown reference included. */
  @Post(':reference/release')
  @HttpCode(200)
  @InternalRoute()
  release(@Param() params: ReservationParams): Promise<StoreReservation> {
    return this.reservations.release(params.storeId.toLowerCase(), params.reference);
  }
}

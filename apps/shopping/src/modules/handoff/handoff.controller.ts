import { Controller, Get, Header, NotFoundException, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '@platform/auth';
import { businessColumn } from '../businesses/businesses.service';
import { businessOf } from '../ucp/shopping-context';
import { HandoffService } from './handoff.service';

/** GET …/checkout-sessions/{id}/continue: the buyer's page of a checkout (its continue_url). */
@ApiTags('shopping handoff')
@Controller()
export class HandoffController {
  constructor(private readonly handoff: HandoffService) {}

  @Get([
    'v1/shopping/checkout-sessions/:id/continue',
    'v1/shopping/stores/:storeId/checkout-sessions/:id/continue',
  ])
  @Public()
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  @Header('Referrer-Policy', 'no-referrer')
  @ApiOperation({
    operationId: 'continue_checkout',
    summary: 'The buyer’s page of a checkout (continue_url)',
  })
  @ApiOkResponse({ description: 'text/html' })
  async page(@Param('id') id: string, @Param('storeId') storeId?: string): Promise<string> {
    if (!/^chk_[A-Za-z0-9_-]{1,36}$/.test(id)) throw new NotFoundException();
    const html = await this.handoff.page(businessColumn(businessOf({ storeId })), id);
    if (!html) throw new NotFoundException();
    return html;
  }
}

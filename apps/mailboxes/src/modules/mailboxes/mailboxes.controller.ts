import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiHeader, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { CurrentPrincipal, RequiresScopes } from '@platform/auth';
import type { Principal } from '@platform/auth';
import { Idempotent } from '@platform/idempotency';
import { RateLimited } from '@platform/rate-limit';
import { ApiBearerController } from '@platform/service-kit';
import { CreateMailboxRequest, MailboxParams } from './mailboxes.request';
import { MailboxResponse, toMailboxResponse } from './mailboxes.response';
import { MailboxesService } from './mailboxes.service';

/** POST /mailboxes starts provisioning (202, EXECUTING); GET polls until COMPLETED or FAILED. */
@ApiBearerController({
  tag: 'mailboxes',
  requestId: true,
  errors: {
    400: 'INVALID_BODY, INVALID_FORMAT or INVALID_IDEMPOTENCY_KEY',
    404: 'MAILBOX_NOT_FOUND or ACCOUNT_NOT_FOUND',
  },
})
// The mailbox contract shapes its 429: ErrorLimit (code, message, retryAfterSec) plus Retry-After.
@RateLimited({ errorBody: true })
@Controller('mailboxes')
export class MailboxesController {
  constructor(private readonly mailboxes: MailboxesService) {}

  @Post()
  @HttpCode(202)
  @RequiresScopes('email.mailbox:create')
  @Idempotent({ format: { minLength: 16, maxLength: 64 } })
  @ApiOperation({ summary: 'Provision a mailbox (asynchronous)' })
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: '16 to 64 characters' })
  @ApiAcceptedResponse({ type: MailboxResponse })
  async create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: CreateMailboxRequest,
  ): Promise<MailboxResponse> {
    return toMailboxResponse(await this.mailboxes.create(principal.accountId, body));
  }

  @Get(':mailboxId')
  @RequiresScopes('email.mailbox:read')
  @ApiOperation({ summary: 'One mailbox of the caller; poll until COMPLETED or FAILED' })
  @ApiOkResponse({ type: MailboxResponse })
  async get(
    @CurrentPrincipal() principal: Principal,
    @Param() params: MailboxParams,
  ): Promise<MailboxResponse> {
    return toMailboxResponse(await this.mailboxes.get(principal.accountId, params.mailboxId));
  }
}

import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { CurrentPrincipal, RequiresScopes } from '@platform/auth';
import type { Principal } from '@platform/auth';
import { RateLimited } from '@platform/rate-limit';
import { ApiBearerController } from '@platform/service-kit';
import type { FastifyReply } from 'fastify';
import { decodeTransactionPageToken, encodeTransactionPageToken } from './transaction-page-token';
import { TransactionErrors } from './transactions.errors';
import {
  StoreTransactionParams,
  StoreTransactionsParams,
  TransactionListQuery,
} from './transactions.request';
import { TransactionListResponse, TransactionResponse, toTransactionResponse } from './transactions.response';
import { TRANSACTION_LIST_CAP, TransactionsService } from './transactions.service';

/** Header set on a capped list response: how many items it holds at most. */
export const LIST_CAP_HEADER = 'X-List-Cap';

/** Read-only: transactions are recorded by the commerce worker from order events. */
@ApiBearerController({
  tag: 'transactions',
  errors: {
    400: 'Invalid storeId, transactionId or query (INVALID_REQUEST)',
    403: 'The token lacks commerce.transaction:read',
    404: 'STORE_NOT_FOUND (missing or not visible) or TRANSACTION_NOT_FOUND',
  },
})
// Not requestId: true, whose description leaves out that the id is also the errors' correlationId.
@ApiHeader({
  name: 'X-Request-Id',
  required: false,
  description: 'uuid; echoed, and the correlationId of errors',
})
@RateLimited()
@Controller('v2/commerce/stores/:storeId/transactions')
export class TransactionsController {
  constructor(private readonly transactions: TransactionsService) {}

  @Get()
  @RequiresScopes('commerce.transaction:read')
  @ApiOperation({
    summary: "The store's transactions",
    description:
      `The whole collection in createdAt order, at most ${TRANSACTION_LIST_CAP} per response: when more match, ` +
      'the response carries links[rel=next] (and a Link header) whose href returns the rest with the same filters.',
  })
  @ApiOkResponse({ type: TransactionListResponse })
  async list(
    @CurrentPrincipal() principal: Principal,
    @Param() params: StoreTransactionsParams,
    @Query() query: TransactionListQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TransactionListResponse> {
    let afterTransactionId: string | undefined;
    const binding = tokenBinding(principal.accountId, params.storeId, query);
    if (query.pageToken !== undefined) {
      afterTransactionId = decodeTransactionPageToken(query.pageToken, binding);
      if (afterTransactionId === undefined) throw TransactionErrors.invalidPageToken();
    }
    const page = await this.transactions.list(principal.accountId, params.storeId, {
      transactionIds: query.transactionIds,
      updatedAfter: query.updatedAtAfter !== undefined ? new Date(query.updatedAtAfter) : undefined,
      updatedBefore: query.updatedAtBefore !== undefined ? new Date(query.updatedAtBefore) : undefined,
      sortOrder: query.sortOrder ?? 'ASC',
      afterTransactionId,
    });
    const body: TransactionListResponse = { items: page.items.map(toTransactionResponse) };
    if (page.continueAfter !== undefined) {
      const href = nextHref(params.storeId, query, encodeTransactionPageToken(page.continueAfter, binding));
      body.links = [{ rel: 'next', href }];
      reply.header('Link', `<${href}>; rel="next"`);
      reply.header(LIST_CAP_HEADER, String(TRANSACTION_LIST_CAP));
    }
    return body;
  }

  @Get(':transactionId')
  @RequiresScopes('commerce.transaction:read')
  @ApiOperation({ summary: 'One transaction of the store' })
  @ApiOkResponse({ type: TransactionResponse })
  async get(
    @CurrentPrincipal() principal: Principal,
    @Param() params: StoreTransactionParams,
  ): Promise<TransactionResponse> {
    return toTransactionResponse(
      await this.transactions.get(principal.accountId, params.storeId, params.transactionId),
    );
  }
}

/** The same list request (same filters and order) continued after the last item returned. */
/** What a page token of this list is bound to: the caller, the store and every filter. */
function tokenBinding(accountId: string, storeId: string, query: TransactionListQuery): string {
  return JSON.stringify([
    accountId,
    storeId.toLowerCase(),
    query.transactionIds ?? null,
    query.updatedAtAfter ?? null,
    query.updatedAtBefore ?? null,
    query.sortOrder ?? 'ASC',
  ]);
}

function nextHref(storeId: string, query: TransactionListQuery, pageToken: string): string {
  const search = new URLSearchParams();
  if (query.transactionIds !== undefined) search.set('transactionIds', query.transactionIds.join(','));
  if (query.updatedAtAfter !== undefined) search.set('updatedAtAfter', query.updatedAtAfter);
  if (query.updatedAtBefore !== undefined) search.set('updatedAtBefore', query.updatedAtBefore);
  if (query.sortOrder !== undefined) search.set('sortOrder', query.sortOrder);
  search.set('pageToken', pageToken);
  return `/v2/commerce/stores/${storeId}/transactions?${search.toString()}`;
}

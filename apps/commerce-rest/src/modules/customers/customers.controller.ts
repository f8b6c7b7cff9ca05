import { Body, Controller, Get, Headers, Param, Patch, Post, Query, Res } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiHeader,
  ApiNotModifiedResponse,
  ApiOkResponse,
  ApiOperation,
} from '@nestjs/swagger';
import { CurrentPrincipal, Principal, RequiresScopes } from '@platform/auth';
import { Errors, ViolationCode } from '@platform/errors';
import { RateLimited } from '@platform/rate-limit';
import { ApiBearerController, ApiErrorResponses } from '@platform/service-kit';
import type { FastifyReply } from 'fastify';
import { httpDate, parseIfModifiedSince } from '../paging/if-modified-since';
import { CREATED_AT_ID, pageMeta, pageRequest } from '../paging/paging';
import type { CustomerEntity } from './customer.entity';
import { scalarsOf } from './customer-rules';
import {
  CreateCustomerRequest,
  CustomerListQuery,
  CustomerParams,
  PatchCustomerRequest,
  StoreCustomersParams,
} from './customers.request';
import { CustomerListResponse, CustomerResponse } from './customers.response';
import { CustomersService } from './customers.service';

const customersPath = (storeId: string): string => `/v1/commerce/stores/${storeId}/customers`;

/** A JSON body that is not an object (an array, a string) is refused before it reaches a rule. */
function requireObject(body: unknown): void {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw Errors.validation([
      {
        location: 'body',
        path: [],
        code: ViolationCode.INVALID_FORMAT,
        message: 'the body must be a JSON object',
      },
    ]);
  }
}

/** Customers of one store (spec: Commerce REST; scopes commerce.customer:read/:create/:update). */
@ApiBearerController({ tag: 'customers' })
@RateLimited()
@Controller('v1/commerce/stores/:storeId/customers')
export class CustomersController {
  constructor(private readonly customers: CustomersService) {}

  @Get()
  @RequiresScopes('commerce.customer:read')
  @ApiOperation({
    summary: "The store's customers, oldest first; 304 when unchanged since If-Modified-Since",
  })
  @ApiHeader({
    name: 'If-Modified-Since',
    required: false,
    description:
      'HTTP-date or RFC 3339 date-time; 304 with no body when no customer of the store changed since',
  })
  @ApiOkResponse({
    type: CustomerListResponse,
    headers: {
      'Last-Modified': {
        description: "When the store's customer list last changed",
        schema: { type: 'string' },
      },
    },
  })
  @ApiNotModifiedResponse({ description: 'Nothing changed since If-Modified-Since; no body' })
  @ApiErrorResponses({
    400: 'INVALID_REQUEST: a path, query or If-Modified-Since value is invalid (details[] say where)',
    404: 'STORE_NOT_FOUND: unknown, or a store the caller cannot see',
  })
  async list(
    @CurrentPrincipal() principal: Principal,
    @Param() params: StoreCustomersParams,
    @Query() query: CustomerListQuery,
    @Headers('if-modified-since') ifModifiedSince: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<CustomerListResponse | undefined> {
    const since = parseIfModifiedSince(ifModifiedSince);
    const page = pageRequest(
      query,
      CREATED_AT_ID,
      `customers\n${principal.accountId}\n${params.storeId.toLowerCase()}`,
    );
    const result = await this.customers.list(principal.accountId, params.storeId, page, since);
    reply.header('Last-Modified', httpDate(result.lastModified));
    if (result.notModified) {
      reply.status(304);
      return undefined;
    }
    const storeId = params.storeId.toLowerCase();
    return {
      customers: result.slice.items.map(toCustomerResponse),
      ...pageMeta(customersPath(storeId), {}, page, result.slice),
    };
  }

  @Get(':customerId')
  @RequiresScopes('commerce.customer:read')
  @ApiOperation({ summary: 'One customer of the store' })
  @ApiOkResponse({ type: CustomerResponse })
  @ApiErrorResponses({
    400: 'INVALID_REQUEST: storeId or customerId is not a uuid',
    404: 'STORE_NOT_FOUND, or CUSTOMER_NOT_FOUND (unknown, or another store’s)',
  })
  async get(
    @CurrentPrincipal() principal: Principal,
    @Param() params: CustomerParams,
  ): Promise<CustomerResponse> {
    return toCustomerResponse(
      await this.customers.get(principal.accountId, params.storeId, params.customerId),
    );
  }

  @Post()
  @RequiresScopes('commerce.customer:create')
  @ApiOperation({ summary: 'Creates a customer; 409 when its primary e-mail is taken in the store' })
  @ApiCreatedResponse({
    type: CustomerResponse,
    description: 'The created customer',
    headers: {
      Location: { description: 'Path of the new customer', schema: { type: 'string' } },
      'X-Request-Id': { description: 'The request id', schema: { type: 'string', format: 'uuid' } },
    },
  })
  @ApiErrorResponses({
    400: 'INVALID_REQUEST: details[] name each bad field as a JSON pointer',
    404: 'STORE_NOT_FOUND',
    409: 'CUSTOMER_ALREADY_EXISTS: the primary e-mail is another customer’s',
  })
  async create(
    @CurrentPrincipal() principal: Principal,
    @Param() params: StoreCustomersParams,
    @Body() body: CreateCustomerRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<CustomerResponse> {
    requireObject(body);
    const customer = await this.customers.create(principal.accountId, params.storeId, body);
    reply.header('Location', `${customersPath(customer.storeId)}/${customer.id}`);
    return toCustomerResponse(customer);
  }

  @Patch(':customerId')
  @RequiresScopes('commerce.customer:update')
  @ApiOperation({
    summary:
      'Updates a customer with a JSON merge patch (RFC 7386): present replaces, null clears, absent stays',
  })
  @ApiOkResponse({ type: CustomerResponse })
  @ApiErrorResponses({
    400: 'INVALID_REQUEST: details[] name each bad field as a JSON pointer',
    404: 'STORE_NOT_FOUND or CUSTOMER_NOT_FOUND',
    409: 'CUSTOMER_ALREADY_EXISTS: the new primary e-mail is another customer’s',
  })
  async update(
    @CurrentPrincipal() principal: Principal,
    @Param() params: CustomerParams,
    @Body() body: PatchCustomerRequest,
  ): Promise<CustomerResponse> {
    requireObject(body);
    return toCustomerResponse(
      await this.customers.update(principal.accountId, params.storeId, params.customerId, body),
    );
  }
}

export function toCustomerResponse(c: CustomerEntity): CustomerResponse {
  return {
    customerId: c.id,
    storeId: c.storeId,
    ...scalarsOf(c),
    emails: c.emails.map((e) => ({ email: e.email, label: e.label ?? null, default: e.default })),
    phones: c.phones.map((p) => ({ phone: p.phone, label: p.label ?? null, default: p.default })),
    addresses: c.addresses.map((a) => ({
      address1: a.address1 ?? null,
      address2: a.address2 ?? null,
      city: a.city ?? null,
      state: a.state ?? null,
      postalCode: a.postalCode ?? null,
      country: a.country ?? null,
      label: a.label ?? null,
    })),
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    links: [{ rel: 'self', href: `${customersPath(c.storeId)}/${c.id}`, method: 'GET' }],
  };
}

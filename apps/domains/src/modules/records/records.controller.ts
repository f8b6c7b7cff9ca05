import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Put,
  Query,
  Type,
  applyDecorators,
} from '@nestjs/common';
import { ApiBody, ApiNoContentResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { CurrentPrincipal, RequiresScopes } from '@platform/auth';
import type { Principal } from '@platform/auth';
import { RateLimited } from '@platform/rate-limit';
import { ApiBearerController } from '@platform/service-kit';
import { RecordArrayPipe } from './records-body.pipe';
import {
  NamedRecordRequest,
  RecordDataRequest,
  RecordRequest,
  RecordsQuery,
  toRecordInput,
} from './records.request';
import { RecordResponse, toRecordResponse } from './records.response';
import { RecordsService, domainParam, nameParam, typeParam } from './records.service';
import { MAX_ZONE_RECORDS } from './zone-writer.service';

const READ = 'domains.dns:read';
const WRITE = 'domains.dns:write';

/** A write that takes `min` to MAX_ZONE_RECORDS items of `item` and answers 204 (as DELETE does). */
function WriteRecords(summary: string, item: Type<unknown>, min: number): MethodDecorator {
  return applyDecorators(
    HttpCode(204),
    RequiresScopes(WRITE),
    ApiOperation({ summary }),
    ApiBody({ type: [item], description: `${min} to ${MAX_ZONE_RECORDS} records` }),
    ApiNoContentResponse(),
  );
}

/**
 * A domain's zone, as the public API's DNS endpoints: PUT replaces (idempotent), PATCH adds
 * (a repeat adds again), DELETE removes one type and name (idempotent). Writes answer 204.
 */
// Each operation's error answers: src/openapi/domains-openapi.ts (reads and writes differ).
@ApiBearerController({ tag: 'dns-records', requestId: true })
// Domains-style 429: ErrorLimit (code, message, retryAfterSec) plus Retry-After.
@RateLimited({ errorBody: true })
@Controller('v1/domains/:domain/records')
export class RecordsController {
  constructor(private readonly records: RecordsService) {}

  @Get()
  @RequiresScopes(READ)
  @ApiOperation({ summary: "The domain's records in insertion order, optionally of one type and/or name" })
  @ApiOkResponse({ type: [RecordResponse] })
  async list(
    @CurrentPrincipal() principal: Principal,
    @Param('domain') rawDomain: string,
    @Query() query: RecordsQuery,
  ): Promise<RecordResponse[]> {
    const domain = domainParam(rawDomain);
    const type = query.type === undefined ? undefined : typeParam(query.type, 'query');
    const name = query.name === undefined ? undefined : nameParam(domain, query.name, 'query');
    const records = await this.records.list(principal.accountId, domain, { type, name });
    return records.map(toRecordResponse);
  }

  @Put()
  @WriteRecords('Replace the whole zone (idempotent)', RecordRequest, 0)
  async replaceZone(
    @CurrentPrincipal() principal: Principal,
    @Param('domain') rawDomain: string,
    @Body(new RecordArrayPipe(RecordRequest, 0, MAX_ZONE_RECORDS)) body: RecordRequest[],
  ): Promise<void> {
    const domain = domainParam(rawDomain);
    await this.records.replaceZone(
      principal.accountId,
      domain,
      body.map((r) => toRecordInput(r)),
    );
  }

  @Patch()
  @WriteRecords('Add records (a repeat adds them again)', RecordRequest, 1)
  async add(
    @CurrentPrincipal() principal: Principal,
    @Param('domain') rawDomain: string,
    @Body(new RecordArrayPipe(RecordRequest, 1, MAX_ZONE_RECORDS)) body: RecordRequest[],
  ): Promise<void> {
    const domain = domainParam(rawDomain);
    await this.records.add(
      principal.accountId,
      domain,
      body.map((r) => toRecordInput(r)),
    );
  }

  @Put(':type')
  @WriteRecords('Replace every record of one type (idempotent)', NamedRecordRequest, 0)
  async replaceType(
    @CurrentPrincipal() principal: Principal,
    @Param('domain') rawDomain: string,
    @Param('type') rawType: string,
    @Body(new RecordArrayPipe(NamedRecordRequest, 0, MAX_ZONE_RECORDS)) body: NamedRecordRequest[],
  ): Promise<void> {
    const domain = domainParam(rawDomain);
    const type = typeParam(rawType);
    const inputs = body.map((r) => toRecordInput(r, { type }));
    await this.records.replaceType(principal.accountId, domain, type, inputs);
  }

  @Get(':type/:name')
  @RequiresScopes(READ)
  @ApiOperation({ summary: 'The records of one type and name (possibly none)' })
  @ApiOkResponse({ type: [RecordResponse] })
  async listTypeName(
    @CurrentPrincipal() principal: Principal,
    @Param('domain') rawDomain: string,
    @Param('type') rawType: string,
    @Param('name') rawName: string,
  ): Promise<RecordResponse[]> {
    const domain = domainParam(rawDomain);
    const filter = { type: typeParam(rawType), name: nameParam(domain, rawName) };
    return (await this.records.list(principal.accountId, domain, filter)).map(toRecordResponse);
  }

  @Put(':type/:name')
  @WriteRecords('Replace the records of one type and name (idempotent)', RecordDataRequest, 1)
  async replaceTypeName(
    @CurrentPrincipal() principal: Principal,
    @Param('domain') rawDomain: string,
    @Param('type') rawType: string,
    @Param('name') rawName: string,
    @Body(new RecordArrayPipe(RecordDataRequest, 1, MAX_ZONE_RECORDS)) body: RecordDataRequest[],
  ): Promise<void> {
    const domain = domainParam(rawDomain);
    const type = typeParam(rawType);
    const name = nameParam(domain, rawName);
    const inputs = body.map((r) => toRecordInput(r, { type, name }));
    await this.records.replaceTypeName(principal.accountId, domain, type, name, inputs);
  }

  @Delete(':type/:name')
  @HttpCode(204)
  @RequiresScopes(WRITE)
  @ApiOperation({ summary: 'Delete the records of one type and name (idempotent)' })
  @ApiNoContentResponse()
  async remove(
    @CurrentPrincipal() principal: Principal,
    @Param('domain') rawDomain: string,
    @Param('type') rawType: string,
    @Param('name') rawName: string,
  ): Promise<void> {
    const domain = domainParam(rawDomain);
    await this.records.remove(principal.accountId, domain, typeParam(rawType), nameParam(domain, rawName));
  }
}

import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsString, IsUUID, Length, ValidateNested } from 'class-validator';
import { RecordRequest } from './records.request';
import { MAX_ZONE_RECORDS } from './zone-writer.service';

/** `field`: 0 to MAX_ZONE_RECORDS ZoneRecords, each checked for JSON types as the public API does. */
function ZoneRecords(field: string): PropertyDecorator {
  return applyDecorators(
    ApiProperty({ type: [RecordRequest], maxItems: MAX_ZONE_RECORDS }),
    IsArray({ message: `${field} must be an array` }),
    ArrayMaxSize(MAX_ZONE_RECORDS, { message: `${field} takes at most ${MAX_ZONE_RECORDS} records` }),
    ValidateNested({ each: true }),
    Type(() => RecordRequest),
  );
}

/** POST /internal/v1/zone-changes (libs/domains-client ZoneChange); names fully qualified. */
export class ZoneChangeRequest {
  @ApiProperty({ minLength: 1, maxLength: 200, example: 'agent-registry:publish:<agentId>' })
  @IsString({ message: 'changeId must be a string' })
  @Length(1, 200, { message: 'changeId must be 1 to 200 characters' })
  changeId!: string;

  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'accountId must be a uuid' })
  accountId!: string;

  @ZoneRecords('add')
  add!: RecordRequest[];

  @ZoneRecords('remove')
  remove!: RecordRequest[];
}

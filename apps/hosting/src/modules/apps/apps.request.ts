import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { toIntegerParam } from '@platform/errors';
import { APP_ID_MAX_LENGTH, APP_ID_PATTERN, APP_TYPES } from './app-id';
import type { AppType } from './app-id';

export const APP_NAME_MAX = 200;
export const DEFAULT_APPS_PAGE_SIZE = 25;
export const MAX_APPS_PAGE_SIZE = 100;

/** No control characters (tabs, newlines, NUL, …) and not only white space. */
const PRINTABLE_NAME = /^(?=.*\S)[^\p{Cc}]*$/u;

export class CreateAppQuery {
  @ApiProperty({ enum: APP_TYPES, description: 'Only NODEJS is served' })
  @IsIn(APP_TYPES, { message: `appType must be one of ${APP_TYPES.join(', ')}` })
  @IsNotEmpty({ message: 'appType is required' })
  appType!: AppType;
}

export class CreateAppRequest {
  @ApiProperty({ minLength: 1, maxLength: APP_NAME_MAX, example: 'my-shop' })
  @Matches(PRINTABLE_NAME, { message: 'name must not be blank or contain control characters' })
  @Length(1, APP_NAME_MAX, { message: `name must be 1 to ${APP_NAME_MAX} characters` })
  @IsString({ message: 'name must be a string' })
  @IsNotEmpty({ message: 'name is required' })
  name!: string;
}

/** pageSize and pageToken of a keyset-paged hosting list (apps, webhooks, deliveries). */
export class HostingPageQuery {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: MAX_APPS_PAGE_SIZE,
    default: DEFAULT_APPS_PAGE_SIZE,
  })
  @Max(MAX_APPS_PAGE_SIZE, { message: `pageSize must be between 1 and ${MAX_APPS_PAGE_SIZE}` })
  @Min(1, { message: `pageSize must be between 1 and ${MAX_APPS_PAGE_SIZE}` })
  @IsInt({ message: 'pageSize must be an integer' })
  @Transform(toIntegerParam)
  @IsOptional()
  pageSize: number = DEFAULT_APPS_PAGE_SIZE;

  @ApiPropertyOptional({ description: 'Opaque; follow links[rel=next].href instead of building it' })
  @MaxLength(400, { message: 'pageToken is too long' })
  @IsString({ message: 'pageToken must be a string' })
  @IsOptional()
  pageToken?: string;
}

export class ListAppsQuery extends HostingPageQuery {
  @ApiPropertyOptional({ enum: APP_TYPES, description: 'Filter by application type' })
  @IsIn(APP_TYPES, { message: `appType must be one of ${APP_TYPES.join(', ')}` })
  @IsOptional()
  appType?: AppType;
}

export class AppParams {
  @ApiProperty({ pattern: APP_ID_PATTERN.source, example: 'NODEJS-aBcDeFgHiJ' })
  @Matches(APP_ID_PATTERN, { message: 'appId must match ^[A-Z][A-Z0-9_]*-[A-Za-z0-9_-]+$' })
  @MaxLength(APP_ID_MAX_LENGTH, { message: `appId must be at most ${APP_ID_MAX_LENGTH} characters` })
  appId!: string;
}

export class AppOperationParams {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'operationId must be a uuid' })
  operationId!: string;
}

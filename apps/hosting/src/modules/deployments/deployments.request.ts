import { ApiPropertyOptional, ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsUUID, Max, Min } from 'class-validator';
import { toIntegerParam } from '@platform/errors';
import { AppParams } from '../apps/apps.request';

export const DEFAULT_DEPLOYMENT_LIST_LIMIT = 20;
export const MAX_DEPLOYMENT_LIST_LIMIT = 50;

export class DeploymentParams extends AppParams {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'deploymentId must be a uuid' })
  deploymentId!: string;
}

/** POST …/deployments takes no fields: an empty body or `{}` (anything else → 400 UNKNOWN_FIELD). */
export class CreateDeploymentRequest {}

/** Earlier namespace: GET /v1/hosting/nodejs/apps/{appId}/deployments?limit=. */
export class DeploymentListQuery {
  @ApiPropertyOptional({
    minimum: 1,
    maximum: MAX_DEPLOYMENT_LIST_LIMIT,
    default: DEFAULT_DEPLOYMENT_LIST_LIMIT,
    type: 'integer',
    description: 'How many of the newest deployments',
  })
  @Max(MAX_DEPLOYMENT_LIST_LIMIT, { message: `limit must be 1 to ${MAX_DEPLOYMENT_LIST_LIMIT}` })
  @Min(1, { message: `limit must be 1 to ${MAX_DEPLOYMENT_LIST_LIMIT}` })
  @IsInt({ message: 'limit must be an integer' })
  @Transform(toIntegerParam)
  @IsOptional()
  limit: number = DEFAULT_DEPLOYMENT_LIST_LIMIT;
}

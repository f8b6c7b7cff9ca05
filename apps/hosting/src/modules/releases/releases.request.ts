import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsOptional, IsUUID } from 'class-validator';
import { VARIANTS } from '../apps/app-environment.entity';
import type { Variant } from '../apps/app-environment.entity';
import { HostingPageQuery } from '../apps/apps.request';

const variantMessage = `variant must be one of ${VARIANTS.join(', ')}`;

/** GET …/releases: `?variant=PREVIEW|PUBLISH` (default PREVIEW, as secrets and logs), pageSize, pageToken. */
export class ReleaseListQuery extends HostingPageQuery {
  @ApiPropertyOptional({ enum: VARIANTS, default: 'PREVIEW', description: 'Whose releases' })
  @IsIn(VARIANTS, { message: variantMessage })
  @IsOptional()
  variant: Variant = 'PREVIEW';
}

/** POST …/rollback `{variant, releaseId}`, both required (another field → 400 UNKNOWN_FIELD). */
export class RollbackRequest {
  @ApiProperty({
    enum: VARIANTS,
    description: 'The variant to roll back; the release must be one of its own',
  })
  @IsIn(VARIANTS, { message: variantMessage })
  @IsNotEmpty({ message: 'variant is required' })
  variant!: Variant;

  @ApiProperty({ format: 'uuid', description: 'A release of that variant (GET …/releases)' })
  @IsUUID('all', { message: 'releaseId must be a uuid' })
  @IsNotEmpty({ message: 'releaseId is required' })
  releaseId!: string;
}

/** Earlier namespace: POST …/nodejs/apps/{appId}/rollback `{deploymentId}`. */
export class NodejsRollbackRequest {
  @ApiProperty({
    format: 'uuid',
    description: 'A deployment of this app that published a build: PUBLISH runs that build again',
  })
  @IsUUID('all', { message: 'deploymentId must be a uuid' })
  @IsNotEmpty({ message: 'deploymentId is required' })
  deploymentId!: string;
}

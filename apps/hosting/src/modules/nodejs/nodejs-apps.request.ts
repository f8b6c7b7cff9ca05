import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsOptional, IsString, IsUUID, Length, Matches } from 'class-validator';
import { APP_NAME_MAX } from '../apps/apps.request';

/** The earlier namespace's name rule (public-counterparts §3.3). */
export const NODEJS_APP_NAME = /^[a-zA-Z0-9][a-zA-Z0-9 _.'&(),!#:+/-]*$/;
export const DATACENTERS = ['p3', 'sxb1'] as const;

export class CreateNodejsAppRequest {
  @ApiProperty({ minLength: 1, maxLength: APP_NAME_MAX, pattern: NODEJS_APP_NAME.source })
  @Matches(NODEJS_APP_NAME, {
    message: "name must start with a letter or digit and use only letters, digits, space and _.'&(),!#:+/-",
  })
  @Length(1, APP_NAME_MAX, { message: `name must be 1 to ${APP_NAME_MAX} characters` })
  @IsString({ message: 'name must be a string' })
  @IsNotEmpty({ message: 'name is required' })
  name!: string;

  @ApiPropertyOptional({ enum: DATACENTERS, description: 'Accepted for compatibility; one region is served' })
  @IsIn(DATACENTERS, { message: `datacenter must be one of ${DATACENTERS.join(', ')}` })
  @IsOptional()
  datacenter?: string;
}

export class NodejsJobParams {
  @ApiProperty({ format: 'uuid', description: 'The job id POST /apps returned (an app operation id)' })
  @IsUUID('all', { message: 'jobId must be a uuid' })
  jobId!: string;
}

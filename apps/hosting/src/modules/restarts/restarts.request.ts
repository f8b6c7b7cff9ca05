import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsUUID } from 'class-validator';
import { VARIANTS } from '../apps/app-environment.entity';
import type { Variant } from '../apps/app-environment.entity';
import { AppParams } from '../apps/apps.request';

export class CreateRestartRequest {
  @ApiProperty({ enum: VARIANTS, description: 'preview and publish are accepted too' })
  @IsIn(VARIANTS, { message: 'variant must be PREVIEW or PUBLISH' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.toUpperCase() : value))
  @IsNotEmpty({ message: 'variant is required' })
  variant!: Variant;
}

export class RestartParams extends AppParams {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'restartId must be a uuid' })
  restartId!: string;
}

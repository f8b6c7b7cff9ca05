import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';
import { AppParams } from '../apps/apps.request';

export class ImportParams extends AppParams {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'importId must be a uuid' })
  importId!: string;
}

export class SourceStatusQuery {
  @ApiProperty({ format: 'uuid', description: 'The jobId answered by POST …/source' })
  @IsUUID('all', { message: 'jobId must be a uuid' })
  jobId!: string;
}

import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import { toBooleanParam } from '@platform/errors';

/** `GET …/deployments/{id}/logs` and `GET …/imports/{id}/logs`: the build log, or its live stream. */
export class BuildLogQuery {
  @ApiPropertyOptional({
    type: Boolean,
    default: false,
    description:
      'true: answer as a live stream (text/event-stream), like Accept: text/event-stream: the lines so far, then new ones until the operation ends',
  })
  @IsBoolean({ message: 'follow must be true or false' })
  @Transform(toBooleanParam)
  @IsOptional()
  follow?: boolean;

  @ApiPropertyOptional({
    description:
      'Live stream only: the id (line number) of the last event received, where a client cannot send the Last-Event-ID header (which wins when both are given); the stream resumes right after it',
    example: '42',
  })
  @IsString()
  @MaxLength(64)
  @IsOptional()
  pageToken?: string;
}

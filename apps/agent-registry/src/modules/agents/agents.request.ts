import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';

export class AgentParams {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'agentId must be a uuid' })
  agentId!: string;
}

/**
 * `{reason, comments?}`. reason is checked by the service against the RFC 5280 names (so an
 * unknown value is INVALID_REASON and a non-final one REASON_NOT_PERMITTED, each with its code).
 */
export class RevokeAgentRequest {
  @ApiProperty({
    example: 'KEY_COMPROMISE',
    description:
      'UNSPECIFIED, KEY_COMPROMISE, AFFILIATION_CHANGED, CESSATION_OF_OPERATION, PRIVILEGE_WITHDRAWN or AA_COMPROMISE',
  })
  @IsString({ message: 'reason must be a string' })
  reason!: string;

  @ApiPropertyOptional({ maxLength: 200 })
  @IsOptional()
  @IsString({ message: 'comments must be a string' })
  @MaxLength(200, { message: 'comments must be at most 200 characters' })
  comments?: string;
}

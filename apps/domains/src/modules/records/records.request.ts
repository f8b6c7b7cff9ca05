import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString } from 'class-validator';
import { DNS_RECORD_TYPES } from './dns-record.entity';
import { MAX_TTL, MAX_TXT_LENGTH, MAX_U16, MIN_TTL, RecordInput } from './record-rules';

// The DTOs check JSON types only; what a value may be depends on the record type, so the ranges
// and formats are record-rules.ts's (one place), and the decorators below only document them.

/** A record without type and name: the body items of PUT …/records/{type}/{name}. */
export class RecordDataRequest {
  @ApiProperty({
    maxLength: MAX_TXT_LENGTH,
    description:
      'By type: A an IPv4 address; AAAA an IPv6 address; CNAME, MX, NS a host name; SRV the target host; ' +
      'TXT 1 to 4096 printable characters; CAA "flags tag value"; HTTPS/SVCB "target [params]" ' +
      '(e.g. ". alpn=h2"); TLSA "usage selector mtype hex"; SOA "mname rname serial refresh retry expire minimum"',
    example: '192.0.2.10',
  })
  @IsString({ message: 'data must be a string' })
  data!: string;

  @ApiPropertyOptional({ minimum: MIN_TTL, maximum: MAX_TTL, default: 3600, description: 'Seconds' })
  @IsOptional()
  @IsInt({ message: 'ttl must be an integer' })
  ttl?: number;

  @ApiPropertyOptional({
    minimum: 0,
    maximum: MAX_U16,
    description: 'Required for MX, SRV, HTTPS and SVCB (the SvcPriority); 0 or absent for other types',
  })
  @IsOptional()
  @IsInt({ message: 'priority must be an integer' })
  priority?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_U16, description: 'SRV only (required)' })
  @IsOptional()
  @IsInt({ message: 'port must be an integer' })
  port?: number;

  @ApiPropertyOptional({ minimum: 0, maximum: MAX_U16, description: 'SRV only (required)' })
  @IsOptional()
  @IsInt({ message: 'weight must be an integer' })
  weight?: number;

  @ApiPropertyOptional({
    example: '_sip',
    description: "SRV only, optional: must match the name's first label (the name carries it)",
  })
  @IsOptional()
  @IsString({ message: 'service must be a string' })
  service?: string;

  @ApiPropertyOptional({
    example: '_tcp',
    description: "SRV only, optional: must match the name's second label (the name carries it)",
  })
  @IsOptional()
  @IsString({ message: 'protocol must be a string' })
  protocol?: string;
}

/** A record without type: the body items of PUT …/records/{type}. */
export class NamedRecordRequest extends RecordDataRequest {
  @ApiProperty({
    example: 'www',
    description:
      'Relative to the domain, @ for the apex; a fully qualified name inside the domain is made relative',
  })
  @IsString({ message: 'name must be a string' })
  name!: string;
}

/** A whole record: the body items of PUT and PATCH …/records (and of internal zone changes). */
export class RecordRequest extends NamedRecordRequest {
  @ApiProperty({ enum: DNS_RECORD_TYPES })
  @IsString({ message: 'type must be a string' })
  type!: string;
}

export class RecordsQuery {
  @ApiPropertyOptional({ enum: DNS_RECORD_TYPES, description: 'Only records of this type' })
  @IsOptional()
  @IsString({ message: 'type must be a string' })
  type?: string;

  @ApiPropertyOptional({
    description: 'Only records of this name (relative, or fully qualified in the domain)',
  })
  @IsOptional()
  @IsString({ message: 'name must be a string' })
  name?: string;
}

/** A validated body item as the rules take it: JSON nulls of optional fields read as absent. */
export function toRecordInput(
  item: RecordDataRequest & Partial<Pick<RecordRequest, 'type' | 'name'>>,
  path: { type?: string; name?: string } = {},
): RecordInput {
  const opt = <T>(v: T | null | undefined): T | undefined => v ?? undefined;
  return {
    type: path.type ?? item.type ?? '',
    name: path.name ?? item.name ?? '',
    data: item.data,
    ttl: opt(item.ttl),
    priority: opt(item.priority),
    port: opt(item.port),
    weight: opt(item.weight),
    service: opt(item.service),
    protocol: opt(item.protocol),
  };
}

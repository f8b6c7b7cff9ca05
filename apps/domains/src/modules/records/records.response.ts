import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { DNS_RECORD_TYPES, DnsRecordEntity } from './dns-record.entity';

/** A record as GET …/records answers it (the public API's DNSRecord). */
export class RecordResponse {
  @ApiProperty({ enum: DNS_RECORD_TYPES }) type!: string;
  @ApiProperty({ example: 'www', description: 'Relative to the domain; @ is the apex' }) name!: string;
  @ApiProperty({ example: '192.0.2.10' }) data!: string;
  @ApiProperty({ example: 3600, description: 'Seconds' }) ttl!: number;
  @ApiPropertyOptional({ description: 'MX, SRV, HTTPS and SVCB' }) priority?: number;
  @ApiPropertyOptional({ description: 'SRV' }) port?: number;
  @ApiPropertyOptional({ description: 'SRV' }) weight?: number;
  @ApiPropertyOptional({ example: '_sip', description: "SRV: the name's first label" }) service?: string;
  @ApiPropertyOptional({ example: '_tcp', description: "SRV: the name's second label" }) protocol?: string;
}

export function toRecordResponse(r: DnsRecordEntity): RecordResponse {
  const response: RecordResponse = { type: r.type, name: r.name, data: r.data, ttl: r.ttl };
  if (r.priority !== null) response.priority = r.priority;
  if (r.port !== null) response.port = r.port;
  if (r.weight !== null) response.weight = r.weight;
  if (r.service !== null) response.service = r.service;
  if (r.protocol !== null) response.protocol = r.protocol;
  return response;
}

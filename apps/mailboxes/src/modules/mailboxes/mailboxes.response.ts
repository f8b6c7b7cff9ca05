import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MAILBOX_TYPES, MailboxEntity } from './mailbox.entity';

export class AgreementResponse {
  @ApiProperty() type!: string;
  @ApiProperty() agreed!: boolean;
}

export class LinkResponse {
  @ApiProperty() rel!: string;
  @ApiProperty() href!: string;
}

export class MailboxFailureResponse {
  @ApiProperty({ example: 'DOMAIN_NOT_OWNED' }) code!: string;
  @ApiProperty() message!: string;
}

export class MailboxResponse {
  @ApiProperty({ format: 'uuid' }) mailboxId!: string;
  @ApiProperty({ format: 'email' }) emailAddress!: string;
  @ApiProperty({ enum: MAILBOX_TYPES }) mailboxType!: string;
  @ApiProperty() firstName!: string;
  @ApiProperty() lastName!: string;
  @ApiProperty() displayName!: string;
  @ApiProperty({ enum: ['EXECUTING', 'COMPLETED', 'FAILED'] }) status!: string;
  @ApiProperty({ type: [AgreementResponse] }) agreements!: AgreementResponse[];
  @ApiPropertyOptional({ type: MailboxFailureResponse, description: 'Only when status is FAILED' })
  failure?: MailboxFailureResponse;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
  @ApiProperty({ type: [LinkResponse] }) links!: LinkResponse[];
}

export function toMailboxResponse(m: MailboxEntity): MailboxResponse {
  const response: MailboxResponse = {
    mailboxId: m.id,
    emailAddress: m.emailAddress,
    mailboxType: m.mailboxType,
    firstName: m.firstName,
    lastName: m.lastName,
    displayName: m.displayName,
    status: m.status,
    agreements: m.agreements.map((a) => ({ type: a.type, agreed: a.agreed })),
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
    links: [{ rel: 'self', href: `/mailboxes/${m.id}` }],
  };
  if (m.status === 'FAILED')
    response.failure = { code: m.failureCode ?? 'UNKNOWN', message: m.failureMessage ?? '' };
  return response;
}

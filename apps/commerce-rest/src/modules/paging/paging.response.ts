import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** The spec's link description (rel and href required), as commerce responses carry it. */
export class LinkResponse {
  @ApiProperty({ example: 'next', description: 'self, first, prev, next, last, store, …' })
  rel!: string;

  @ApiProperty({ example: '/v1/commerce/channels?page=2&pageSize=10', description: 'Absolute path' })
  href!: string;

  @ApiPropertyOptional({ example: 'GET' })
  method?: string;
}

/** Fields every paged list envelope carries besides its items. */
export class PageEnvelopeResponse {
  @ApiProperty({ type: [LinkResponse], description: 'self, first, prev, next and (with totals) last' })
  links!: LinkResponse[];

  @ApiPropertyOptional({ description: 'Only when totalRequired=true', example: 42 })
  totalItems?: number;

  @ApiPropertyOptional({ description: 'Only when totalRequired=true', example: 5 })
  totalPages?: number;
}

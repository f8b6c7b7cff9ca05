import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '@platform/auth';

const page = (title: string, body: string): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;

const TERMS = page(
  'Terms of service',
  '<p>Purchases made through the Shopping API are governed by the seller’s terms: the platform’s for domain registrations and hosting plans, each store’s for its goods. Domain registrations are also subject to the registry’s registration agreement. In this sandbox no real charge is made and no real registration happens.</p>',
);

const PRIVACY = page(
  'Privacy policy',
  '<p>A checkout keeps what the agent sends for it (lines, buyer contact, context) to price, place and fulfil the order, and for 24 hours the answers to idempotent requests. Payment credentials are used once and never shown back or logged.</p>',
);

/** The pages a checkout's `links` point at (UCP: links "mandatory for legal compliance"). */
@ApiTags('shopping handoff')
@Controller('v1/shopping/legal')
export class LegalController {
  @Get('terms')
  @Public()
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=3600')
  @ApiOperation({ operationId: 'legal_terms', summary: 'Terms of service' })
  @ApiOkResponse({ description: 'text/html' })
  terms(): string {
    return TERMS;
  }

  @Get('privacy')
  @Public()
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=3600')
  @ApiOperation({ operationId: 'legal_privacy', summary: 'Privacy policy' })
  @ApiOkResponse({ description: 'text/html' })
  privacy(): string {
    return PRIVACY;
  }
}

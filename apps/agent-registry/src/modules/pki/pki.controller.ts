import { Controller, Get, Headers, Query, Res } from '@nestjs/common';
import {
  ApiHeader,
  ApiNotModifiedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import { Public } from '@platform/auth';
import { ApiErrorResponses } from '@platform/service-kit';
import type { FastifyReply } from 'fastify';
import { CrlService } from './crl.service';
import { toPem } from './pki-encoding';
import { CrlQuery } from './pki.request';
import { RegistryCa } from './registry-ca.service';

/** Relying parties re-fetch at most once a minute; a new revocation shows within that. */
const CACHE_CONTROL = 'public, max-age=60';

/**
 * The registry CA's public material for relying parties (agents checking each other's
 * certificates): its certificate and its CRL. Both public: a verifier has no registry credentials.
 * Static segments win over `/v1/agents/:agentId` in Fastify's router, so these do not collide.
 */
@ApiTags('agents')
@ApiHeader({ name: 'X-Request-Id', required: false, description: 'uuid; echoed' })
@Controller('v1/agents')
export class PkiController {
  constructor(
    private readonly crls: CrlService,
    private readonly ca: RegistryCa,
  ) {}

  @Get('crl')
  @Public()
  @ApiOperation({
    summary: "The registry CA's current certificate revocation list",
    description:
      'X.509 v2 CRL signed by the registry CA, re-issued on every revocation and at least every 3.5 days ' +
      '(nextUpdate is 7 days after thisUpdate). The ETag is the CRL number.',
  })
  @ApiProduces('application/pkix-crl', 'application/x-pem-file')
  @ApiHeader({ name: 'If-None-Match', required: false, description: 'an ETag from an earlier response' })
  @ApiOkResponse({
    description: 'The CRL (DER, or PEM with format=pem)',
    content: {
      'application/pkix-crl': { schema: { type: 'string', format: 'binary' } },
      'application/x-pem-file': { schema: { type: 'string' } },
    },
  })
  @ApiNotModifiedResponse({ description: 'If-None-Match names the current CRL number' })
  @ApiErrorResponses({ 400: 'INVALID_FORMAT: format is neither der nor pem' })
  async crl(
    @Query() query: CrlQuery,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const crl = await this.crls.current();
    const etag = `"${crl.crlNumber}"`;
    reply.header('Cache-Control', CACHE_CONTROL).header('ETag', etag);
    if (matchesEtag(ifNoneMatch, etag)) {
      await reply.status(304).send();
      return;
    }
    if (query.format === 'pem') {
      await reply.header('Content-Type', 'application/x-pem-file').send(toPem(crl.der, 'X509 CRL'));
      return;
    }
    await reply.header('Content-Type', 'application/pkix-crl').send(crl.der);
  }

  @Get('ca')
  @Public()
  @ApiOperation({
    summary: "The registry CA's certificate",
    description: 'The trust anchor of the server certificates the registry issues to agents (PEM).',
  })
  @ApiProduces('application/x-pem-file')
  @ApiOkResponse({
    description: 'The CA certificate in PEM',
    content: { 'application/x-pem-file': { schema: { type: 'string' } } },
  })
  async caCertificate(@Res() reply: FastifyReply): Promise<void> {
    await reply
      .header('Content-Type', 'application/x-pem-file')
      .header('Cache-Control', 'public, max-age=3600')
      .send(await this.ca.certificatePem());
  }
}

/** RFC 9110 §13.1.2: `*` or any listed tag, compared weakly (a W/ prefix does not matter). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

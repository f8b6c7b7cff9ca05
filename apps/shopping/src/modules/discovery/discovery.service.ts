import { Inject, Injectable } from '@nestjs/common';
import type { EcPublicJwk } from '@platform/crypto';
import { SHOPPING_SETTINGS, type ShoppingSettings } from '../../config/shopping-settings';
import type { BusinessKey } from '../businesses/business';
import { BusinessesService, businessBasePath } from '../businesses/businesses.service';
import { handlerRegistry } from '../checkout/checkout-view';
import { UCP_VERSION, businessCapabilities } from '../ucp/ucp-protocol';
import { businessSigningKey } from './business-signing-key';

/**
 * The business profiles (overview.md "Business Profile"; ucp.json#/$defs/business_schema): the REST
 * and MCP services of a business, its capabilities with versions, its payment handlers and the
 * public key its order webhooks are signed with.
 */
@Injectable()
export class DiscoveryService {
  private readonly signingKey: EcPublicJwk;

  constructor(
    @Inject(SHOPPING_SETTINGS) private readonly settings: ShoppingSettings,
    private readonly businesses: BusinessesService,
  ) {
    this.signingKey = businessSigningKey(settings.signingSeed).publicJwk;
  }

  profile(business: BusinessKey): Record<string, unknown> {
    const base = this.settings.publicBaseUrl;
    const endpoint = `${base}${businessBasePath(business)}`;
    const service = (transport: 'rest' | 'mcp', path: string, schema: string) => ({
      version: UCP_VERSION,
      transport,
      endpoint: `${endpoint}${path}`,
      spec: `https://ucp.dev/${UCP_VERSION}/specification/overview`,
      schema: `https://ucp.dev/${UCP_VERSION}/services/shopping/${schema}`,
    });
    const capabilities: Record<string, unknown[]> = {};
    for (const cap of businessCapabilities(business))
      (capabilities[cap.name] ??= []).push({
        version: cap.version,
        spec: cap.spec,
        schema: cap.schema,
        ...(cap.extends ? { extends: cap.extends.length === 1 ? cap.extends[0] : [...cap.extends] } : {}),
      });
    return {
      ucp: {
        version: UCP_VERSION,
        services: {
          'dev.ucp.shopping': [
            service('rest', '', 'rest.openapi.json'),
            service('mcp', '/mcp', 'mcp.openrpc.json'),
          ],
        },
        capabilities,
        // The handlers the business completes with: one declaration, the business's own.
        payment_handlers: handlerRegistry(this.businesses.of(business).paymentHandlers()),
      },
      signing_keys: [this.signingKey],
    };
  }
}

import { Module } from '@nestjs/common';
import { CartsModule } from '../carts/carts.module';
import { CatalogModule } from '../catalog/catalog.module';
import { CheckoutModule } from '../checkout/checkout.module';
import { OrdersModule } from '../orders/orders.module';
import { UcpModule } from '../ucp/ucp.module';
import { McpController } from './mcp.controller';
import { McpIdempotency } from './mcp-idempotency';
import { McpRouteErrors } from './mcp-route-errors';
import { McpService } from './mcp.service';

/** UCP's MCP binding at …/mcp of the platform and of each store (docs/shopping.md "MCP binding"). */
@Module({
  imports: [CartsModule, CatalogModule, CheckoutModule, OrdersModule, UcpModule],
  controllers: [McpController],
  providers: [McpIdempotency, McpRouteErrors, McpService],
})
export class McpModule {}

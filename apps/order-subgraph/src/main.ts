// First: OpenTelemetry patches what it instruments as it loads (docs/decisions.md, section 8).
import '@platform/observability/start-telemetry';
import 'reflect-metadata';
import { runComponent } from '@platform/service-kit';
import { orderSubgraphService } from './components';

/** The process of order-subgraph alone (its container; `PLATFORM_MODE=services`). */
runComponent(orderSubgraphService);

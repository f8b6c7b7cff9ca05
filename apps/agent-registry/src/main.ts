// First: OpenTelemetry patches what it instruments as it loads (docs/decisions.md, section 8).
import '@platform/observability/start-telemetry';
import 'reflect-metadata';
import { runComponent } from '@platform/service-kit';
import { agentRegistryService } from './components';

/** The process of agent-registry alone (its container; `PLATFORM_MODE=services`). */
runComponent(agentRegistryService);

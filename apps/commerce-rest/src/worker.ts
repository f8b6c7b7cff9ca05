// First: OpenTelemetry patches what it instruments as it loads (docs/decisions.md, section 8).
import '@platform/observability/start-telemetry';
import 'reflect-metadata';
import { runComponent } from '@platform/service-kit';
import { commerceRestWorker } from './components';

/** The worker process of commerce-rest alone (its container; `PLATFORM_MODE=services`). */
runComponent(commerceRestWorker);

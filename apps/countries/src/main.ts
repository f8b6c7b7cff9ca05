// First: OpenTelemetry patches what it instruments as it loads (docs/decisions.md, section 8).
import '@platform/observability/start-telemetry';
import 'reflect-metadata';
import { runComponent } from '@platform/service-kit';
import { countriesService } from './components';

/** The process of countries alone (its container; `PLATFORM_MODE=services`). */
runComponent(countriesService);

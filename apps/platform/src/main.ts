// First: OpenTelemetry patches what it instruments as it loads (docs/decisions.md, section 8).
import '@platform/observability/start-telemetry';
import 'reflect-metadata';
// Before any app: GraphQL types are told apart by the app that declares them (libs/graphql-subgraph).
import '@platform/graphql-subgraph';
import { runPlatform } from './platform-runner';

/** The platform process: several components, or all of them, in one Node process (docs/single-mode.md). */
runPlatform(process.env);

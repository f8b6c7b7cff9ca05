import type { ResourceBoundsOptions } from '../runtime/sandbox/resource-bounds';

/**
 * How the local runtime bounds each sandbox (docs/hosting.md, "Resource bounds"): read once at
 * worker start by config/hosting-resources.config.ts, injected as RESOURCE_SETTINGS.
 */
export type ResourceSettings = ResourceBoundsOptions;

export const RESOURCE_SETTINGS = Symbol('RESOURCE_SETTINGS');

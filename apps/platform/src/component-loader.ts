import type { PlatformComponent } from '@platform/service-kit';
import { join } from 'node:path';
import { COMPONENTS_ROOT } from './route-rows';
import type { ComponentRef } from './targets';

function isComponent(value: unknown): value is PlatformComponent {
  return (
    typeof value === 'object' && value !== null && typeof (value as PlatformComponent).create === 'function'
  );
}

/**
 * The component a reference names, from its app's `src/components.ts` (each app declares its
 * entries there; its main.ts and worker.ts run them alone). Loaded by path: see route-rows.ts.
 */
export function loadComponent(ref: ComponentRef, root = COMPONENTS_ROOT): PlatformComponent {
  const exported = require(join(root, 'apps', ref.app, 'src', 'components')) as Record<string, unknown>;
  const component = Object.values(exported)
    .filter(isComponent)
    .find((value) => value.name === ref.name);
  if (!component) throw new Error(`apps/${ref.app}/src/components declares no component named ${ref.name}`);
  return component;
}

export { InProcessDispatcher } from './in-process-dispatcher';
export type { InProcessDispatcherOptions } from './in-process-dispatcher';
export { InProcessRouteTable, originKey } from './in-process-route-table';

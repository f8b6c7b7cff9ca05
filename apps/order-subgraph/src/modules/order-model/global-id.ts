import { isKsuid, newKsuid } from './ksuid';

/**
 * Global ids of the order model: `Order_<KSUID>` and `LineItem_<KSUID>`. Clients pass them
 * verbatim (the spec: opaque strings); anything not of that shape simply finds nothing.
 */
export type GlobalIdKind = 'Order' | 'LineItem';

export function newGlobalId(kind: GlobalIdKind, now?: Date): string {
  return `${kind}_${newKsuid(now)}`;
}

export function isGlobalId(kind: GlobalIdKind, value: string): boolean {
  const prefix = `${kind}_`;
  return value.startsWith(prefix) && isKsuid(value.slice(prefix.length));
}

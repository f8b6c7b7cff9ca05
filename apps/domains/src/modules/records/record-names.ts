/** The apex of a zone, as record names write it. */
export const APEX = '@';

/** One label of a record name: letters, digits, hyphens and underscores, 1 to 63, no edge hyphen. */
const LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;

/** A host name in record data (CNAME/MX/NS/SRV targets, SOA names): labels as above, dot-joined. */
const HOST =
  /^(?=.{1,253}$)[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*$/;

/** The fully qualified name of `relative` in `zone`: `www` in example.com → www.example.com. */
export function qualify(zone: string, relative: string): string {
  return relative === APEX ? zone : `${relative}.${zone}`;
}

/**
 * `raw` as a name relative to `zone`, lower-case: `@` for the apex, labels of letters, digits,
 * hyphens and underscores, an optional leading `*` label. A name that is the zone itself or ends
 * with `.<zone>` (with or without a trailing dot) is taken as fully qualified and made relative,
 * so `www.example.com` in example.com is `www`, never `www.example.com.example.com`. Undefined when
 * it is not such a name (bad labels, a fully qualified name outside the zone, too long).
 */
export function relativeName(zone: string, raw: string): string | undefined {
  let name = raw.trim().toLowerCase();
  const absolute = name.endsWith('.');
  if (absolute) name = name.slice(0, -1);
  if (name === APEX || name === zone) return APEX;
  if (name.endsWith(`.${zone}`)) name = name.slice(0, -(zone.length + 1));
  else if (absolute) return undefined;
  if (name.length + 1 + zone.length > 253) return undefined;
  const labels = name.split('.');
  const ok = labels.every((label, i) => LABEL.test(label) || (i === 0 && label === '*'));
  return ok ? name : undefined;
}

/** `raw` as a host name in record data: lower-case, no trailing dot; `@` (the apex) kept. */
export function hostName(raw: string): string | undefined {
  const host = raw.trim().toLowerCase().replace(/\.$/, '');
  if (host === APEX) return APEX;
  return HOST.test(host) ? host : undefined;
}

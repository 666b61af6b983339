/**
 * Query parameters that link trackers add to a shared address (Facebook's fbclid, Google's gclid, the
 * utm_ campaign tags, …). No page reads them, so a page is the same with or without them; left in the
 * key, every click on a shared link would be a new address and a fresh render on results day.
 */
const TRACKING_PARAMETERS = new Set([
  'fbclid',
  'gclid',
  'gbraid',
  'wbraid',
  'dclid',
  'msclkid',
  'igshid',
  'mc_cid',
  'mc_eid',
  'ttclid',
  'twclid',
  'yclid',
]);

const isTracking = (name: string) => TRACKING_PARAMETERS.has(name.toLowerCase()) || /^utm_/iu.test(name);

/** The render cache's key for a request address: the path and the query without tracking parameters. */
export function cacheKey(url: string): string {
  const question = url.indexOf('?');
  if (question === -1) return url;
  const params = new URLSearchParams(url.slice(question + 1));
  const kept = new URLSearchParams();
  for (const [name, value] of params) if (!isTracking(name)) kept.append(name, value);
  const query = kept.toString();
  return query ? `${url.slice(0, question)}?${query}` : url.slice(0, question);
}

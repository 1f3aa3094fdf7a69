/**
 * TRUST_PROXY: the number of reverse proxies in front of the server. Fastify (proxy-addr) then walks
 * X-Forwarded-For from the right, past that many hops, and takes the address there: with one nginx that
 * sets the header to `$remote_addr` (or appends to it), the client's own address; entries a client put
 * on the left of the header are never reached. `true` (trust everything) would take the left-most entry,
 * which any client can write, so every request could claim a new address and escape the per-address limits.
 */
export function proxyHops(raw: string | undefined): number {
  const value = (raw ?? '').trim();
  if (value === '' || value === '0' || value.toLowerCase() === 'false') return 0;
  if (!/^\d{1,2}$/.test(value)) throw new Error(`TRUST_PROXY must be the number of proxies in front of the server (0, 1, 2, ...), not "${raw}"`);
  return Number(value);
}

/**
 * Fastify's trustProxy for a hop count: the socket's peer and the next hops-1 addresses (from the right
 * of X-Forwarded-For) are proxies, the one after them is the client. (Fastify 5 refuses a bare number:
 * it cannot know the peer is a proxy. Listen where only the proxy reaches the server, `HOST=127.0.0.1`
 * behind a local nginx, or a direct client could write the header itself.)
 */
export function trustHops(hops: number): false | ((address: string, hop: number) => boolean) {
  return hops > 0 ? (_address, hop) => hop < hops : false;
}

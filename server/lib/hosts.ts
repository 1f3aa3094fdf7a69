import { isIP } from 'node:net';

/** Names that always mean this machine: development on localhost keeps the default shop. */
export const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '::1', '[::1]'] as const;

/** A Host header's name: lower case, without the port and a final dot. */
export function normalizeHost(raw: string | undefined | null): string {
  let host = (raw ?? '').trim().toLowerCase();
  if (host.startsWith('[')) host = host.replace(/\]:\d+$/, ']');
  else host = host.replace(/:\d+$/, '');
  return host.replace(/\.$/, '');
}

/**
 * The platform's own hosts, which no shop may claim and which always serve the default shop: the loopback
 * names, PUBLIC_URL's host and PLATFORM_HOSTS (a comma-separated list: the server's other names, its IP
 * addresses).
 */
export function platformHostsOf(publicUrl: string | null | undefined, list: string | undefined): string[] {
  const hosts = new Set<string>(LOOPBACK_HOSTS);
  if (publicUrl) {
    try {
      hosts.add(normalizeHost(new URL(publicUrl).host));
    } catch {
      /* not a URL: nothing to add */
    }
  }
  for (const h of (list ?? '').split(',')) if (h.trim()) hosts.add(normalizeHost(h));
  return [...hosts];
}

/**
 * Whether a name may be a shop's domain: a DNS name of at least two labels (letters, digits, hyphens; 63
 * characters a label, 253 in all), not an IP address, not a single word such as `localhost`.
 */
export function isShopDomain(name: string): boolean {
  if (!name || name.length > 253 || isIP(name.replace(/^\[|\]$/g, '')) !== 0) return false;
  const labels = name.split('.');
  if (labels.length < 2) return false;
  if (/^\d+$/.test(labels[labels.length - 1])) return false;
  return labels.every((l) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(l));
}

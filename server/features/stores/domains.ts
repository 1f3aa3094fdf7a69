import dns from 'node:dns';
import crypto from 'node:crypto';
import type { Db, Executor, Store } from '../../db/types';
import { ApiError, badRequest } from '../../errors';
import { fetchFeed } from '../../lib/feedUrl';
import { isShopDomain, normalizeHost } from '../../lib/hosts';
import { isUniqueViolation } from '../../rest/common';

/**
 * A shop's domain goes live only once its owner has proven it. Before, an owner could name any host as
 * their shop's domain (another shop's fallback host, the platform's own address) and take its visitors.
 * Now a new domain waits (`domain_pending`) until the server finds the shop's token at the domain:
 *
 * - a DNS TXT record `_shop-verify.<domain>` with the value `shop-verify=<token>`, or
 * - a file `http://<domain>/.well-known/shop-verify.txt` holding the token (served by the domain's own
 *   server: this server answers no path of a domain that is not live).
 *
 * The platform's hosts (PUBLIC_URL's, PLATFORM_HOSTS, the loopback names), IP addresses and single words
 * can never be claimed; a domain live in another shop cannot either; two shops may wait for the same
 * domain, and the proof decides.
 */
export interface DomainProver {
  /** The TXT records at a DNS name, each record's strings joined; [] when there are none. */
  txt(name: string): Promise<string[]>;
  /** The start of the text at an http(s) URL, or null when it cannot be read. */
  fetchText(url: string): Promise<string | null>;
}

declare module '../../api/context' {
  interface AppServices {
    /** Checks a shop's proof of its new domain (DNS TXT, a well-known file); tests give a fake. */
    domains: DomainProver;
  }
}

export const PROOF_RECORD_PREFIX = '_shop-verify.';
export const PROOF_VALUE_PREFIX = 'shop-verify=';
export const PROOF_PATH = '/.well-known/shop-verify.txt';

/** The real prover: the system's resolver and the guarded fetch of feed links (no private addresses unless allowed). */
export function systemDomainProver(opts: { allowPrivate: boolean }): DomainProver {
  return {
    async txt(name) {
      try {
        return (await dns.promises.resolveTxt(name)).map((parts) => parts.join(''));
      } catch {
        return [];
      }
    },
    async fetchText(url) {
      try {
        const { stream } = await fetchFeed(url, { allowPrivate: opts.allowPrivate, timeoutMs: 5000, maxBytes: 4096, maxRedirects: 2 });
        const chunks: Buffer[] = [];
        for await (const c of stream) chunks.push(c as Buffer);
        return Buffer.concat(chunks).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

/** What the owner sees of the domain (api=stores, the owner only). */
export function domainView(store: Store) {
  const pending = store.domain_pending && store.domain_token ? store.domain_pending : null;
  return {
    status: pending ? 'pending' : store.domain ? 'live' : 'none',
    /** The domain in the settings form: the one asked for while it waits, else the live one. */
    domain: pending ?? store.domain ?? '',
    live: store.domain ?? '',
    proof: pending ? `${PROOF_VALUE_PREFIX}${store.domain_token}` : '',
  };
}

/**
 * The owner names a domain (the settings' field 402): the live one again changes nothing (and drops a
 * waiting one); a new one waits for its proof with a new token. Refused: not a domain name (400
 * invalid_input), the platform's (400 domain_reserved), another shop's live domain (409 domain_taken).
 */
export async function claimDomain(db: Executor, store: Store, raw: string, platformHosts: readonly string[]): Promise<void> {
  const domain = normalizeHost(raw);
  if (domain === (store.domain ?? '')) {
    await db.updateTable('stores').set({ domain_pending: null, domain_token: null }).where('id', '=', store.id).execute();
    return;
  }
  if (platformHosts.includes(domain)) throw badRequest('domain_reserved', { domain }, ['402_domain']);
  if (!isShopDomain(domain)) throw badRequest('invalid_input', 'A domain name such as shop.example.com', ['402_domain']);
  const taken = await db.selectFrom('stores').select('id').where('domain', '=', domain).where('id', '<>', store.id).executeTakeFirst();
  if (taken) throw new ApiError(409, 'domain_taken', { domain }, ['402_domain']);
  if (store.domain_pending === domain && store.domain_token) return;
  await db.updateTable('stores').set({ domain_pending: domain, domain_token: crypto.randomBytes(16).toString('hex') }).where('id', '=', store.id).execute();
}

/**
 * 'Проверить': looks for the waiting domain's token in DNS, then at the well-known path; found, the domain
 * goes live (unless another shop's went live first: 409). Not found: 400 domain_not_proven, nothing changes.
 */
export async function proveDomain(db: Db, store: Store, prover: DomainProver): Promise<'live'> {
  const domain = store.domain_pending;
  const token = store.domain_token;
  if (!domain || !token) throw badRequest('domain_nothing_to_prove');
  const value = `${PROOF_VALUE_PREFIX}${token}`;
  const records = await prover.txt(`${PROOF_RECORD_PREFIX}${domain}`);
  let proven = records.some((r) => r.trim() === value);
  if (!proven) {
    const text = await prover.fetchText(`http://${domain}${PROOF_PATH}`);
    proven = text !== null && text.split(/\s+/).some((w) => w === token || w === value);
  }
  if (!proven) throw badRequest('domain_not_proven', { domain, record: `${PROOF_RECORD_PREFIX}${domain}`, value }, ['402_domain']);
  await db.transaction().execute(async (tx) => {
    const taken = await tx.selectFrom('stores').select('id').where('domain', '=', domain).where('id', '<>', store.id).executeTakeFirst();
    if (taken) throw new ApiError(409, 'domain_taken', { domain }, ['402_domain']);
    // Still the domain and token that were checked (another save may have changed them meanwhile); the
    // unique index decides a race with another shop proving the same domain.
    const done = await tx
      .updateTable('stores')
      .set({ domain, domain_pending: null, domain_token: null })
      .where('id', '=', store.id)
      .where('domain_pending', '=', domain)
      .where('domain_token', '=', token)
      .executeTakeFirst()
      .catch((e: unknown) => {
        throw isUniqueViolation(e) ? new ApiError(409, 'domain_taken', { domain }, ['402_domain']) : e;
      });
    if (Number(done.numUpdatedRows) !== 1) throw new ApiError(409, 'conflict');
  });
  return 'live';
}

import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers of every answer (issue 14, item 8):
 * - `X-Content-Type-Options: nosniff` everywhere (an upload is never sniffed into HTML or script);
 * - pages get a Content-Security-Policy: scripts only from the site itself (no inline script, no eval), no
 *   plugins, no <base> hijack, forms post to the site only, framed by the site only (`frame-ancestors`).
 *   The storefront's inline <style> elements (the shop's theme and the owner's CSS, written by the server)
 *   and its one inline script (the tap queue) are allowed by their hashes (a page is kept whole for every
 *   device, server/app.ts); the owner's panel (react-admin/MUI inject their styles at run time) allows
 *   inline styles, but its scripts are as strict;
 * - uploaded files (/images/) are sandboxed: an SVG or a file that claims to be HTML runs nothing.
 */
export interface CspSources {
  /** The map tiles' URL template (MAP_TILES_URL): its origin may serve pictures. */
  mapTilesUrl: string;
  /** PUBLIC_URL, when the api is reached through it. */
  publicUrl: string | null;
}

const originOfUrl = (u: string | null): string | null => {
  if (!u) return null;
  try {
    const url = new URL(u.replace(/\{[a-z]\}/g, '0'));
    return url.origin === 'null' ? null : url.origin;
  } catch {
    return null;
  }
};

export function newNonce(): string {
  return crypto.randomBytes(16).toString('base64');
}

/** The CSP source of an inline element's text: `'sha256-<base64>'`. */
export const cspHash = (text: string) => `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The policy of a page: the storefront's inline styles by their hashes (`hashes`: the same bytes go to every
 * device, so a page can be kept whole in the answer cache), or by a nonce, or inline styles allowed (the
 * admin). `scripts`: hashes of the server's own inline scripts (the storefront's tap queue), nothing else inline.
 */
export function pagePolicy(sources: CspSources, style: { nonce: string } | { hashes: string[] } | 'unsafe-inline', scripts: string[] = []): string {
  const tiles = originOfUrl(sources.mapTilesUrl);
  const pub = originOfUrl(sources.publicUrl);
  const extra = (o: string | null) => (o ? ` ${o}` : '');
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scripts].join(' '),
    ["style-src 'self'", style === 'unsafe-inline' ? "'unsafe-inline'" : 'nonce' in style ? `'nonce-${style.nonce}'` : style.hashes.join(' ')].filter(Boolean).join(' '),
    // Offer pictures may be the owner's links to other sites; pictures run no code.
    `img-src 'self' data: blob: https:${extra(tiles)}`,
    "media-src 'self' blob:",
    "font-src 'self' data:",
    `connect-src 'self'${extra(pub)}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/** Uploaded files: nothing in them may run, even when opened directly. */
export const UPLOAD_POLICY = "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox";

export function registerSecurityHeaders(app: FastifyInstance, sources: CspSources) {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    const url = request.url;
    if (url.startsWith('/images/')) {
      reply.header('content-security-policy', UPLOAD_POLICY);
      return payload;
    }
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html') && !reply.hasHeader('content-security-policy')) {
      // Pages that did not set their own (the admin's index.html, the fake-free error pages): inline styles allowed, scripts strict.
      reply.header('content-security-policy', pagePolicy(sources, 'unsafe-inline'));
      reply.header('x-frame-options', 'SAMEORIGIN');
    }
    return payload;
  });
}

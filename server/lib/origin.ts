import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

/** The shop's origin as its visitors see it: PUBLIC_URL when set, else the request's protocol and Host. */
export function originOf(request: FastifyRequest, config: Config): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/$/, '');
  return `${request.protocol}://${request.headers.host ?? `localhost:${config.port}`}`;
}

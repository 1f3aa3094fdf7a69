/**
 * The SSR benchmark's server process (forked by bench/ssr.ts): the real app serving the built storefront
 * from dist/ (its pages carry the SEO head and content, server/features/seo), and a bare Fastify route.
 */
import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';

const config = loadConfig(process.env, { logLevel: 'silent', host: '127.0.0.1', port: 0 });
const database = openDatabase(config);
const { app } = await buildApp({ config, database, serveApps: true });
await app.listen({ port: 0, host: '127.0.0.1' });

const bare = Fastify({ logger: false });
bare.get('/', async () => ({ hello: 'world' }));
await bare.listen({ port: 0, host: '127.0.0.1' });

process.send!({ appPort: (app.server.address() as AddressInfo).port, barePort: (bare.server.address() as AddressInfo).port });
// The parent divides the CPU time between two asks by the requests served (a figure the machine's load moves less than req/s).
process.on('message', (m: { cpu?: boolean }) => {
  if (m.cpu) process.send!({ cpu: process.cpuUsage() });
});
process.on('disconnect', () => process.exit(0));
process.on('SIGTERM', () => process.exit(0));

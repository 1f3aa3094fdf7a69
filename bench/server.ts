/**
 * The benchmark's server process (forked by bench/catalogue.ts so the load generator has its own CPU):
 * the real app (buildApp, API only, silent) and a bare Fastify hello-world route as the baseline, both in
 * this one process on 127.0.0.1. It reports both ports to its parent and serves until killed.
 */
import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';

const config = loadConfig(process.env, { logLevel: 'silent', host: '127.0.0.1', port: 0 });
const database = openDatabase(config);
const { app } = await buildApp({ config, database, serveApps: false });
await app.listen({ port: 0, host: '127.0.0.1' });

const bare = Fastify({ logger: false });
bare.get('/', async () => ({ hello: 'world' }));
await bare.listen({ port: 0, host: '127.0.0.1' });

process.send!({ apiPort: (app.server.address() as AddressInfo).port, barePort: (bare.server.address() as AddressInfo).port });
process.on('disconnect', () => process.exit(0));
process.on('SIGTERM', () => process.exit(0));
process.on('SIGINT', () => process.exit(0));

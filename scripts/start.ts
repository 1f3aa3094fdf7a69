/**
 * `npm start`: builds the apps when their sources changed since the last build (SKIP_BUILD=1: never),
 * then starts the server (server/main.ts: migrations, the demo shop, WORKERS processes). A tool above the
 * server, so the server imports nothing of scripts/. Worker processes (node:cluster runs this file again)
 * go straight to the server.
 */
import cluster from 'node:cluster';
import { buildIfChanged } from './build';

if (cluster.isPrimary && process.env.SKIP_BUILD !== '1') await buildIfChanged();
await import('../server/main');

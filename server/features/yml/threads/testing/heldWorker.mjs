// A worker for workerPool.test.ts: says it is ready, then answers a task `{ ms }` with 'done' after ms milliseconds.
import { parentPort } from 'node:worker_threads';

parentPort.on('message', (m) => setTimeout(() => parentPort.postMessage('done'), m.ms));
parentPort.postMessage({ t: 'ready' });

// The YML import worker's first module (pipeline.ts starts it): plain JavaScript, so that it loads in any
// Node. Under tsx (dev, tests, `npm start`) a worker thread does not inherit tsx's loader, so the worker's
// TypeScript is loaded through tsx's API; a compiled build (a .js entry) needs none.
import { workerData } from 'node:worker_threads';

if (workerData.entry.endsWith('.ts')) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import(workerData.entry);

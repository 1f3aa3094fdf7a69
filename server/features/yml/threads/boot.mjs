// The first module of the YML import's worker threads (workerPool.ts starts them: the parser's and the
// SQLite writer's; `workerData.entry` names which): plain JavaScript, so that it loads in any
// Node. Under tsx (dev, tests, `npm start`) a worker thread does not inherit tsx's loader, so the worker's
// TypeScript is loaded through tsx's API; a compiled build (a .js entry) needs none.
import { workerData } from 'node:worker_threads';

if (workerData.entry.endsWith('.ts')) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import(workerData.entry);

/** What the other features may use of yml (they import nothing else of it). */
export { feedBytes } from './importFeed';
export { importYml, type ImportResult } from './importYml';
export { failInterruptedJobs } from './jobs';
export { parseYml } from './parseYml';
export { type YmlOffer } from './parser/types';

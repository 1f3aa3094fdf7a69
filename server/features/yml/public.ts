/** What the other features may use of yml (they import nothing else of it). */
export { feedBytes } from './jobs/importFeed';
export { importYml, type ImportResult } from './write/importYml';
export { failInterruptedJobs } from './jobs/jobs';
export { parseYml } from './parse/parseYml';
export { type YmlOffer } from './parse/types';
export { fileKey, moduleBeside, versionedStream } from './export/exportFile';

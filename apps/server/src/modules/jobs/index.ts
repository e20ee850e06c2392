/** The jobs module's public entry: other modules import from here, never its files (eslint import-x/no-restricted-paths). */
export { createJobQueue, type PeriodicJob } from './job-queue';
export { failedJobCount } from './job-queue';

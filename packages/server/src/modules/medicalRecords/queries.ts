/**
 * The medical record module's SQL, by subject in queries/ (the only files of the module with SQL). Lists take the
 * branch scope they read.
 */
export * from './queries/common.js';
export * from './queries/records.js';
export * from './queries/masters.js';
export * from './queries/entries.js';
export * from './queries/trail.js';

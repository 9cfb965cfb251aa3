// Internal barrel of this module's services (router and REST adapter); other modules use ../index.ts.
export { scopeOf } from './common.js';
export * from './accounts.js';
export * from './periods.js';
export * from './journals.js';
export * from './reports.js';
export * from './masters.js';

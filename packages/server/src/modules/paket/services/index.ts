// Internal barrel of this module's services (router and REST adapter); other modules use ../index.ts.
export * from './catalogue.js';
export * from './registration.js';
export * from './receivables.js';
export * from './agreement.js';

/** The SATUSEHAT module's only SQL (issue 31), by subject. */
export * from './settings.js';
export * from './outbox.js';
export * from './record.js';

export * from './core.js';
export * from './finance.js';

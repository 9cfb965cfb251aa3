export * from './core.js';
export * from './finance.js';
export * from './paket.js';
export * from './staff.js';
export * from './attendance.js';
export * from './service.js';
export * from './medical-records.js';

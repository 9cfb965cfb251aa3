export * from './rules.js';
export * from './pph21.js';
export * from './year.js';
export * from './bpjs.js';
export { TER_PP58_2023, type TerRow } from './ter-pp58-2023.js';
export { periodRange } from './period.js';

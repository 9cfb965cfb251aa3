/**
 * The SATUSEHAT module's front door (issue 31): the only file other modules, seeds, tests and the app import.
 * Tables: satusehat_setting, satusehat_token, satusehat_map, satusehat_visit, satusehat_resource.
 */
export { satusehatRouter } from './router.js';
export { satusehatEndpoints } from './endpoints.js';
export { SATUSEHAT_VISIT, satusehatEntities } from './entities.js';
export { onFinished as onRecordFinishedForSatusehat } from './outbox.js';
export { registerSatusehatJobs, sweep as sweepSatusehat, sendVisit as sendSatusehatVisit, SEND_JOB } from './sender.js';
export { outboxDepth as satusehatOutboxDepth } from './queries/index.js';
export { seedSatusehatDemo } from './demo.js';

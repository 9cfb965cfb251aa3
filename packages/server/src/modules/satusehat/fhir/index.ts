/** SATUSEHAT FHIR builders, planner and validator (issue 31). */
export * from './types.js';
export * from './codes.js';
export { planVisit, missingFor, type PlanOptions } from './plan.js';
export { validateResource, type ValidateOptions } from './validate.js';
export { fhirDateTime } from './time.js';

/** The SATUSEHAT web module's front door: what other modules may use of it (lint forbids importing its files). */
export { VisitSatusehatBadge } from './components/VisitSatusehatBadge';

/** The medical records' front door: what other modules may use of it (lint forbids importing its files directly). */
export { CorrectionsCard } from './components/CorrectionsCard';

/** The masters module's front door: what other modules may use of it (lint forbids importing its files directly). */
export { MasterPage, type MasterConfig, type MasterField } from './components/MasterPage';

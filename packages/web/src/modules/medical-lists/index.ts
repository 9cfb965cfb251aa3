/** The medical lists' front door: what other modules may use of it (lint forbids importing its files directly). */
export { PrintMenu } from './components/PrintMenu';

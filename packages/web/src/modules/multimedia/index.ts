/** The multimedia module's front door: what other modules may use of it (lint forbids importing its files directly). */
export { PhotoHistory } from './components/PhotoHistory';

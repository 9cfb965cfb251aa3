/** The applog module's front door: what other modules may use of it (lint forbids importing its files directly). */
export { ApplogList } from './components/ApplogList';

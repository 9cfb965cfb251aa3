/** The pengumuman module's front door: what other modules may use of it (lint forbids importing its files directly). */
export { PosterDialog } from './components/PosterDialog';

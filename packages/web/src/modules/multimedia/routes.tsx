import { lazyPage } from '../../app/lazy';
import type { ModulePages } from '../../app/route-types';

/** Multimedia (issue 11 item 5): the photo queue and the labels master. */
export const pages: ModulePages = {
  '/service/visit/multimedia': lazyPage(() => import('./pages/MultimediaQueuePage')),
  '/service/master/multimedialabel': lazyPage(() => import('./pages/MultimediaLabelPage')),
};

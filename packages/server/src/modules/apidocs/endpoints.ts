import { access } from '@klinik/shared';
import { restOnly } from '../../http/endpoint.js';
import { apiDocsHtml, openApiDocument } from '../../http/openapi.js';

/** Version of the REST contract shown in the document (raise when a path or a shape changes). */
export const API_VERSION = '1.0.0';

/**
 * The REST contract for integrators: the OpenAPI 3.1 document and a readable page of it. Public like the
 * repository itself (they list paths and fields, no data); every route they describe still needs its access.
 */
export const apiDocsEndpoints = {
  openapi: restOnly({
    summary: 'Dokumen OpenAPI 3.1 API ini',
    access: access.public,
    rest: { method: 'GET', path: '/api/openapi.json', envelope: 'raw', produces: 'application/json' },
    async handler(_ctx, _input, { req, reply }) {
      const doc = openApiDocument(req.server.restEntries, { version: API_VERSION });
      return reply.type('application/json; charset=utf-8').send(doc);
    },
  }),
  docs: restOnly({
    summary: 'Halaman dokumentasi API',
    access: access.public,
    rest: { method: 'GET', path: '/api/docs', envelope: 'raw', produces: 'text/html' },
    async handler(_ctx, _input, { req, reply }) {
      const doc = openApiDocument(req.server.restEntries, { version: API_VERSION });
      return reply.type('text/html; charset=utf-8').send(apiDocsHtml(doc));
    },
  }),
};

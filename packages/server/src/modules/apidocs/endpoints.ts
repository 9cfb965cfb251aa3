import { access } from '@klinik/shared';
import { restOnly } from '../../http/endpoint.js';
import { apiDocsHtml, openApiDocument } from '../../http/openapi.js';

/** Version of the REST contract shown in the document (raise when a path or a shape changes). */
export const API_VERSION = '1.0.0';

/**
 * The REST contract for integrators: the OpenAPI 3.1 document and a readable page of it. Signed-in users only (issue
 * 25 finding 8): the document names every operation's access rule, a map an anonymous caller has no use for.
 */
export const apiDocsEndpoints = {
  openapi: restOnly({
    summary: 'Dokumen OpenAPI 3.1 API ini',
    access: access.auth,
    rest: { method: 'GET', path: '/api/openapi.json', envelope: 'raw', produces: 'application/json' },
    async handler(_ctx, _input, { req, reply }) {
      const doc = openApiDocument(req.server.restEntries, { version: API_VERSION });
      return reply.type('application/json; charset=utf-8').send(doc);
    },
  }),
  docs: restOnly({
    summary: 'Halaman dokumentasi API',
    access: access.auth,
    rest: { method: 'GET', path: '/api/docs', envelope: 'raw', produces: 'text/html' },
    async handler(_ctx, _input, { req, reply }) {
      const doc = openApiDocument(req.server.restEntries, { version: API_VERSION });
      return reply.type('text/html; charset=utf-8').send(apiDocsHtml(doc));
    },
  }),
};

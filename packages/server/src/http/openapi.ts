import { z } from 'zod';
import { escapeHtml, type Access } from '@klinik/shared';
import type { RestEntry } from './endpoint.js';

/**
 * The REST contract as OpenAPI 3.1, generated from the endpoint declarations (the same ones the routes are
 * registered from), so the document lists exactly the routes the server answers. Schemas come from the shared
 * zod schemas through zod 4's JSON Schema output.
 */

type Json = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const out = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    reused: 'inline',
    // `z.preprocess(fn, inner)` (empty strings to undefined, coercion) has no JSON Schema of its own: document
    // the inner schema, which is what the value must satisfy.
    override: (ctx) => {
      const def = (ctx.zodSchema as unknown as { _zod: { def: { type: string; in?: unknown; out?: unknown } } })._zod
        .def;
      if (def.type === 'pipe' && def.in && def.out) {
        const inner = (def.in as { _zod: { def: { type: string } } })._zod.def;
        if (inner.type === 'transform') {
          const replacement = jsonSchema(def.out as z.ZodType, io);
          for (const k of Object.keys(ctx.jsonSchema)) delete (ctx.jsonSchema as Json)[k];
          Object.assign(ctx.jsonSchema, replacement);
        }
      }
    },
  }) as Json;
  delete out.$schema;
  return out;
}

function describeAccess(a: Access): string {
  switch (a.kind) {
    case 'public':
      return 'Tanpa sesi (publik).';
    case 'auth':
      return 'Pengguna yang sudah masuk.';
    case 'feature':
      return `Hak akses ${a.resource} ${a.action === 'manage' ? 'kelola (manage)' : 'baca (read)'}.`;
    case 'anyFeature':
      return `Salah satu hak akses: ${a.features.map((f) => `${f.resource} ${f.action}`).join(', ')}.`;
    case 'roles':
      return `Role: ${a.roles.join(', ')}.`;
    case 'toplevel':
      if (a.any) return 'Pengguna pusat (semua role pusat).';
      return a.also?.length ? `Pemilik, developer atau ${a.also.join(', ')}.` : 'Pemilik atau developer.';
    case 'all':
      return a.of.map(describeAccess).join(' Dan: ');
  }
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Isian tidak valid (pesan per field)',
  401: 'Belum masuk',
  403: 'Tidak diizinkan',
  404: 'Tidak ditemukan (atau milik cabang lain)',
  409: 'Bentrok dengan data yang ada',
  500: 'Kesalahan server (dengan kode permintaan)',
};

const SUCCESS_DESCRIPTIONS: Record<number, string> = {
  200: 'Berhasil',
  201: 'Dibuat',
  202: 'Menunggu persetujuan',
  503: 'Database tidak menjawab',
};

export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
}

function operation(entry: RestEntry): Json {
  const { endpoint: e, rest } = entry;
  const pathParams = [...rest.path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]);
  const input = e.input ? jsonSchema(e.input, 'input') : null;
  const props = (input?.properties ?? {}) as Record<string, Json>;
  const required = new Set((input?.required ?? []) as string[]);
  const parameters: Json[] = pathParams.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: props[name] ?? { type: 'string' },
  }));
  const reads = rest.method === 'GET' || rest.method === 'DELETE';
  const omit = new Set([...pathParams, ...(rest.idempotencyKey ? [rest.idempotencyKey] : [])]);
  if (reads) {
    for (const [name, schema] of Object.entries(props)) {
      if (omit.has(name)) continue;
      parameters.push({ name, in: 'query', required: required.has(name), schema });
    }
  }
  if (rest.idempotencyKey) {
    parameters.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description:
        'Kunci unik per transaksi: permintaan yang sama dengan kunci yang sama menjawab hasil pertama; kunci yang sama untuk permintaan lain (target, isi atau pengguna lain) ditolak 409.',
      schema: props[rest.idempotencyKey] ?? { type: 'string' },
    });
  }
  const op: Json = {
    operationId: entry.name,
    summary: e.summary,
    description: `Akses: ${describeAccess(e.access)}`,
    tags: [entry.module],
    'x-klinik-access': e.access,
    security: e.access.kind === 'public' ? [] : [{ session: [] }],
  };
  if (parameters.length) op.parameters = parameters;
  if (!reads) {
    if (rest.consumes === 'multipart/form-data') {
      const file = rest.form?.file ?? 'file';
      const fields = Object.fromEntries(
        Object.entries(rest.form?.fields ?? {}).map(([k, description]) => [k, { type: 'string', description }]),
      );
      op.requestBody = {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: { [file]: { type: 'string', format: 'binary' }, ...fields },
              required: [file, ...(rest.form?.required ?? [])],
            },
          },
        },
      };
    } else if (input) {
      let body: Json;
      if (rest.body) body = props[rest.body] ?? {};
      else {
        const properties = Object.fromEntries(Object.entries(props).filter(([k]) => !omit.has(k)));
        const req = [...required].filter((k) => !omit.has(k));
        body = { ...input, properties, ...(req.length ? { required: req } : {}) };
        if (!req.length) delete body.required;
      }
      op.requestBody = { required: true, content: { 'application/json': { schema: body } } };
    }
  }
  const data = e.output ? jsonSchema(e.output, 'output') : {};
  const envelope: Json =
    rest.envelope === 'list' || rest.envelope === 'paged'
      ? {
          type: 'object',
          properties: { data: { type: 'array', items: data }, count: { type: 'integer' } },
          required: ['data', 'count'],
        }
      : { type: 'object', properties: { data }, required: ['data'] };
  const responses: Json = {};
  const declared = rest.statuses ?? [rest.status ?? 200];
  // An idempotent endpoint's replay answers 200 where the first request answered 201 (http/idempotency.ts).
  const replays = rest.idempotencyKey && declared.includes(201) && !declared.includes(200) ? [200] : [];
  for (const status of [...declared, ...replays]) {
    responses[String(status)] = {
      description: SUCCESS_DESCRIPTIONS[status] ?? 'Berhasil',
      content: rest.produces
        ? { [rest.produces]: { schema: { type: 'string', format: 'binary' } } }
        : { 'application/json': { schema: envelope } },
    };
  }
  const errors = [
    ...(e.input || rest.idempotencyKey ? [400] : []),
    ...(e.access.kind === 'public' ? [] : [401, 403]),
    ...(pathParams.length ? [404] : []),
    ...(reads ? [] : [409]),
    500,
  ];
  for (const status of errors) responses[String(status)] = { $ref: `#/components/responses/E${status}` };
  op.responses = responses;
  return op;
}

export function openApiDocument(entries: RestEntry[], info: { version: string }): Json {
  const paths: Record<string, Json> = {};
  for (const entry of entries) {
    const p = openApiPath(entry.rest.path);
    paths[p] ??= {};
    paths[p][entry.rest.method.toLowerCase()] = operation(entry);
  }
  const issues = {
    type: 'array',
    items: {
      type: 'object',
      properties: { message: { type: 'string' }, field: { type: 'string' } },
      required: ['message'],
    },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Klinik API',
      version: info.version,
      description:
        'REST API Klinik. Jawaban berhasil berbentuk `{ data }` atau `{ data, count }` untuk daftar; ' +
        'kesalahan berbentuk `[{ message, field? }]` dalam bahasa Indonesia. Masuk lewat POST /api/auth/login ' +
        '(cookie `klinik_session`); data selalu dari cabang aktif sesi.',
    },
    servers: [{ url: '/' }],
    tags: [...new Set(entries.map((e) => e.module))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'klinik_session' } },
      schemas: { Issues: issues },
      responses: Object.fromEntries(
        Object.entries(ERROR_DESCRIPTIONS).map(([status, description]) => [
          `E${status}`,
          { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Issues' } } } },
        ]),
      ),
    },
  };
}

/** A plain, self-contained page of the document for people who integrate (no scripts, no CDN). */
export function apiDocsHtml(doc: Json): string {
  const paths = doc.paths as Record<string, Record<string, Json>>;
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = (op.tags as string[])[0];
      const params = ((op.parameters ?? []) as Json[])
        .map(
          (p) =>
            `<li><code>${escapeHtml(String(p.name))}</code> (${escapeHtml(String(p.in))}${p.required ? ', wajib' : ''})</li>`,
        )
        .join('');
      const body = op.requestBody
        ? `<details><summary>Body</summary><pre>${escapeHtml(JSON.stringify((op.requestBody as Json).content, null, 2))}</pre></details>`
        : '';
      const statuses = Object.keys(op.responses as Json).join(', ');
      const html =
        `<section id="${escapeHtml(String(op.operationId))}"><h3><span class="m ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>` +
        `<p>${escapeHtml(String(op.summary))}</p><p class="a">${escapeHtml(String(op.description))}</p>` +
        (params ? `<ul>${params}</ul>` : '') +
        body +
        `<p class="s">Status: ${escapeHtml(statuses)}</p></section>`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), html]);
    }
  }
  const info = doc.info as Json;
  return `<!doctype html><html lang="id"><head><meta charset="utf-8"><title>Klinik API</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#1f2937}
section{border-top:1px solid #e5e7eb;padding:.5rem 0}h3{font-size:1rem;margin:.5rem 0}.m{display:inline-block;min-width:4.5rem;font-weight:700}
.get{color:#047857}.post{color:#1d4ed8}.put{color:#b45309}.delete{color:#b91c1c}.a,.s{color:#6b7280;font-size:.875rem}
pre{background:#f3f4f6;padding:.5rem;overflow:auto;font-size:.75rem}</style></head><body>
<h1>${escapeHtml(String(info.title))} <small>${escapeHtml(String(info.version))}</small></h1>
<p>${escapeHtml(String(info.description))}</p><p>Dokumen mesin: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>
${[...byTag.entries()].map(([tag, ops]) => `<h2>${escapeHtml(tag)}</h2>${ops.join('\n')}`).join('\n')}
</body></html>`;
}

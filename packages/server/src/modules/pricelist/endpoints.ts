import {
  access,
  idParam,
  priceListEntryQuery,
  priceListInput,
  priceListUpdateInput,
  priceQuery,
  z,
} from '@klinik/shared';
import { IDEMPOTENCY_KEY, mutation, query } from '../../http/endpoint.js';
import { TINDAKAN } from '../masters/index.js';
import { PRICE_LIST } from './entities.js';
import { authorizePrice } from './access.js';
import * as service from './service.js';

/** The head office's price list: owner and developer (top-level); every change approved by a second person. */
const headOffice = access.toplevel();

/** Every endpoint declared once: tRPC procedure, REST route and OpenAPI entry come from here. */
export const pricelistEndpoints = {
  list: query({
    summary: 'Daftar harga jaringan: harga dasar dan harga cabang (Backoffice)',
    access: headOffice,
    input: priceListEntryQuery,
    handler: (ctx, q) => service.list(ctx, q),
    rest: { method: 'GET', path: '/api/backoffice/pricelist', envelope: 'paged' },
  }),
  get: query({
    summary: 'Satu harga daftar harga (Backoffice)',
    access: headOffice,
    input: z.object({ id: idParam }),
    entity: PRICE_LIST,
    handler: (ctx, { id }) => service.get(ctx, id),
    rest: { method: 'GET', path: '/api/backoffice/pricelist/:id' },
  }),
  create: mutation({
    summary: 'Jadwalkan harga dasar atau harga cabang (menunggu persetujuan; Idempotency-Key)',
    access: headOffice,
    input: priceListInput,
    handler: (ctx, input) => service.create(ctx, input),
    rest: { method: 'POST', path: '/api/backoffice/pricelist', status: 201, idempotencyKey: IDEMPOTENCY_KEY },
  }),
  update: mutation({
    summary: 'Ubah harga yang menunggu, setujui (status 1) atau batalkan (status 2)',
    access: headOffice,
    input: z.object({ id: idParam, data: priceListUpdateInput }),
    entity: PRICE_LIST,
    handler: (ctx, { id, data }) => service.update(ctx, id, data),
    rest: { method: 'PUT', path: '/api/backoffice/pricelist/:id', body: 'data', idempotencyKey: IDEMPOTENCY_KEY },
  }),
  branchList: query({
    summary: 'Harga dasar dan harga cabang ini (Daftar Harga cabang)',
    access: access.feature('PRICELIST', 'read'),
    input: priceListEntryQuery,
    handler: (ctx, q) => service.branchEntries(ctx, q),
    rest: { method: 'GET', path: '/api/pricelist/entries', envelope: 'paged' },
  }),
  price: query({
    summary: 'Harga yang berlaku untuk perawatan atau item sebuah cabang pada satu tanggal',
    access: access.feature('PRICELIST', 'read'),
    input: priceQuery,
    // `id` names a treatment (kind=treatment, declared here for the cross-branch walk) or an item of the branch.
    entity: TINDAKAN,
    authorize: (ctx, input) => authorizePrice(ctx, input.profile_id),
    handler: (ctx, input) => service.price(ctx, input),
    rest: { method: 'GET', path: '/api/pricelist/price' },
  }),
};

/**
 * Proof of an expense (a receipt photo or a PDF invoice), uploaded before the expense is registered and named by
 * its id (`proof`). Reuses the platform's upload handling (lib/uploads.ts): at most 10 MB, the type by the file's
 * first bytes, images re-encoded so only their pixels are kept (no EXIF/GPS), stored under
 * uploadDir/expense/<branch>/ with a generated name; a PDF is kept as sent.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { EXPENSE_PROOF_FIELD, EXPENSE_PROOF_TYPE_ERROR, IMAGE_ERRORS, IMAGE_MAX_BYTES } from '@klinik/shared';
import { requireAccess } from '../../../http/access-scope.js';
import { inTransaction, requireUser, type Ctx } from '../../../http/context.js';
import { AppError, badRequest, notFound } from '../../../http/errors.js';
import { audit } from '../../../lib/audit.js';
import { reencodeImage, resolveUpload, sniffImage } from '../../../lib/uploads.js';
import { EXPENSE_PROOF } from './entities.js';
import * as q from '../queries/expenses.js';

const STORED = /^expense\/\d+\/[0-9a-z]{1,12}-[0-9a-f]{16}\.(png|jpg|gif|pdf)$/;
const MIME: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', pdf: 'application/pdf' };

const tooLarge = () => new AppError(413, [{ message: IMAGE_ERRORS.size, field: EXPENSE_PROOF_FIELD }]);

async function readProofFile(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw badRequest('File bukti wajib dipilih', EXPENSE_PROOF_FIELD);
  try {
    const part = await req.file({ limits: { fileSize: IMAGE_MAX_BYTES, files: 1 }, throwFileSizeLimit: true });
    if (!part) throw badRequest('File bukti wajib dipilih', EXPENSE_PROOF_FIELD);
    const buffer = await part.toBuffer();
    if (part.file.truncated || buffer.length > IMAGE_MAX_BYTES) throw tooLarge();
    if (buffer.length === 0) throw badRequest('File bukti wajib dipilih', EXPENSE_PROOF_FIELD);
    return buffer;
  } catch (err) {
    if (err instanceof AppError) throw err;
    const e = err as { code?: string; statusCode?: number };
    if (e.code === 'FST_REQ_FILE_TOO_LARGE' || e.statusCode === 413) throw tooLarge();
    throw badRequest('Format unggahan tidak valid', EXPENSE_PROOF_FIELD);
  }
}

/** POST /api/finance/expenses/proof (multipart, field `proof`): stores the file, answers its id. */
export async function uploadProof(ctx: Ctx, req: FastifyRequest) {
  const c = requireUser(ctx);
  const raw = await readProofFile(req);
  let buffer = raw;
  let ext: string;
  const image = sniffImage(raw);
  if (image) {
    buffer = (
      await reencodeImage({ buffer: raw, ...image }).catch(() => {
        throw badRequest(EXPENSE_PROOF_TYPE_ERROR, EXPENSE_PROOF_FIELD);
      })
    ).buffer;
    ext = image.ext;
  } else if (raw.subarray(0, 5).toString('latin1') === '%PDF-') {
    ext = 'pdf';
  } else {
    throw badRequest(EXPENSE_PROOF_TYPE_ERROR, EXPENSE_PROOF_FIELD);
  }
  const rel = path.posix.join(
    'expense',
    String(c.branchId),
    `${Date.now().toString(36)}-${randomBytes(8).toString('hex')}.${ext}`,
  );
  const abs = resolveUpload(c.config.uploadDir, rel);
  await fs.promises.mkdir(path.dirname(abs), { recursive: true });
  await fs.promises.writeFile(abs, buffer, { flag: 'wx' });
  try {
    return await inTransaction(c, async (tx) => {
      const row = await q.insertProof(tx.db, {
        profile_id: tx.branchId,
        path: rel,
        mime: MIME[ext],
        size: buffer.length,
        uploaded_by: c.user.id,
      });
      await audit(tx, {
        action: 'upload',
        entity: 'expense_proof',
        entityId: row.id,
        after: { mime: row.mime, size: row.size },
      });
      return { id: row.id, mime: row.mime, size: row.size, url: `/api/files/expense-proof/${row.id}` };
    });
  } catch (err) {
    await fs.promises.unlink(abs).catch(() => undefined);
    throw err;
  }
}

/** GET /api/files/expense-proof/{id}: the stored file (the branch's finance readers). */
export async function sendProof(ctx: Ctx, id: number, reply: FastifyReply) {
  const c = requireUser(ctx);
  await requireAccess(c, EXPENSE_PROOF, [id], 'read');
  const row = await q.findProof(c.db, id);
  if (!row || !STORED.test(row.path)) throw notFound(EXPENSE_PROOF.notFound);
  const abs = resolveUpload(c.config.uploadDir, row.path);
  try {
    await fs.promises.access(abs, fs.constants.R_OK);
  } catch {
    throw notFound(EXPENSE_PROOF.notFound);
  }
  return reply
    .type(row.mime)
    .header('cache-control', 'private, no-cache')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `inline; filename="bukti-${row.id}.${path.extname(row.path).slice(1)}"`)
    .send(fs.createReadStream(abs));
}

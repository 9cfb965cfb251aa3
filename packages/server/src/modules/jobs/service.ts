import { jobIdParams, type FailedJobsQuery } from '@klinik/shared';
import type { z } from 'zod';
import { requireUser, type Ctx } from '../../http/context.js';
import { notFound } from '../../http/errors.js';
import type { FailedJob } from '../../lib/jobs.js';

/** Background jobs that failed every attempt (the dead letters), newest first. Top-level users only (route access). */
export async function listFailed(ctx: Ctx, query: FailedJobsQuery): Promise<{ data: FailedJob[]; count: number }> {
  requireUser(ctx);
  return ctx.services.jobs.failed({ limit: query.limit, offset: (query.page - 1) * query.limit });
}

/** Sends a failed job back to the queue (its handler runs again). 404 when it is not a failed job. */
export async function retry(
  ctx: Ctx,
  p: z.infer<typeof jobIdParams>,
): Promise<{ id: string; name: string; state: string }> {
  requireUser(ctx);
  if (!(await ctx.services.jobs.retry(p.name, p.id))) throw notFound('Pekerjaan gagal tidak ditemukan');
  ctx.log.info({ job: p.name, jobId: p.id, by: ctx.user?.id }, 'pekerjaan gagal dikirim ulang');
  const now = await ctx.services.jobs.state(p.name, p.id);
  return { id: p.id, name: p.name, state: now?.state ?? 'retry' };
}

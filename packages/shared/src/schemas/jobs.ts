import { z, pageQuery } from './common.js';

/** GET /api/jobs/failed: page and limit. */
export const failedJobsQuery = z.object({ page: pageQuery.page, limit: pageQuery.limit });
export type FailedJobsQuery = z.infer<typeof failedJobsQuery>;

/** POST /api/jobs/:name/:id/retry */
export const jobIdParams = z.object({
  name: z
    .string()
    .trim()
    .regex(/^[\w.-]{1,100}$/, 'Nama pekerjaan tidak valid'),
  id: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'ID pekerjaan tidak valid'),
});

export interface FailedJobDto {
  id: string;
  name: string;
  data: unknown;
  error: string;
  retry_count: number;
  retry_limit: number;
  created_on: string;
  failed_on: string | null;
}

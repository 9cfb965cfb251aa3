import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LoaderCircle, RotateCcw } from 'lucide-react';
import { formatDateTime, type ErrorItem } from '@klinik/shared';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState } from '../../../components/EmptyState';
import { Button } from '../../../components/ui/button';
import { ErrorList } from '../../../components/ui/error-list';
import { Skeleton } from '../../../components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';

/**
 * /admin/jobs: background jobs that failed every attempt (the job queue's dead letters), for owner and developer.
 * "Coba Lagi" sends one back to the queue; the list refreshes itself while jobs are retried.
 */
export default function FailedJobsPage() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const query = useQuery({
    ...trpc.jobs.failed.queryOptions({ page: 1, limit: 100 }),
    refetchInterval: 10_000,
    meta: { inlineErrors: true },
  });
  const retry = useMutation({ ...trpc.jobs.retry.mutationOptions(), meta: { inlineErrors: true } });
  const [errors, setErrors] = React.useState<ErrorItem[]>([]);

  const onRetry = async (name: string, id: string) => {
    setErrors([]);
    try {
      await retry.mutateAsync({ name, id });
      await qc.invalidateQueries({ queryKey: trpc.jobs.pathKey() });
    } catch (err) {
      setErrors(errorItems(err));
    }
  };

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title="Pekerjaan Gagal"
        description="Pekerjaan latar belakang yang tetap gagal setelah semua percobaan ulang. Kirim ulang setelah penyebabnya diperbaiki."
      />
      <ErrorList items={errors} />
      {query.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : query.error ? (
        <ErrorList items={errorItems(query.error)} />
      ) : query.data.data.length === 0 ? (
        <EmptyState title="Tidak ada pekerjaan gagal" />
      ) : (
        <div className="overflow-x-auto rounded-md border" data-testid="failed-jobs">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Pekerjaan</TableHead>
                <TableHead>Kesalahan terakhir</TableHead>
                <TableHead className="text-right">Percobaan</TableHead>
                <TableHead>Dibuat</TableHead>
                <TableHead>Gagal</TableHead>
                <TableHead />
              </TableRow>
            </TableHeader>
            <TableBody>
              {query.data.data.map((job) => (
                <TableRow key={job.id} data-job-id={job.id}>
                  <TableCell>
                    <div className="font-medium">{job.name}</div>
                    <div className="font-mono text-xs text-muted-foreground">{job.id}</div>
                  </TableCell>
                  <TableCell className="max-w-md break-words text-sm">{job.error || '-'}</TableCell>
                  <TableCell className="text-right">{job.retry_count + 1}</TableCell>
                  <TableCell className="whitespace-nowrap">{formatDateTime(job.created_on)}</TableCell>
                  <TableCell className="whitespace-nowrap">
                    {job.failed_on ? formatDateTime(job.failed_on) : '-'}
                  </TableCell>
                  <TableCell className="text-right">
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={retry.isPending}
                      onClick={() => void onRetry(job.name, job.id)}
                    >
                      {retry.isPending && retry.variables?.id === job.id ? (
                        <LoaderCircle className="animate-spin" />
                      ) : (
                        <RotateCcw />
                      )}
                      Coba Lagi
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <p className="p-3 text-sm text-muted-foreground">Total {query.data.count} pekerjaan gagal</p>
        </div>
      )}
    </div>
  );
}

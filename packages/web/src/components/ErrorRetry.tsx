import { errorItems } from '../lib/errors';
import { Button } from './ui/button';
import { ErrorList } from './ui/error-list';

/** A failed read: its error list and 'Coba lagi', which runs the query again; nothing while the query is fine. */
export function ErrorRetry({ query }: { query: { isError: boolean; error: unknown; refetch: () => unknown } }) {
  if (!query.isError) return null;
  return (
    <div className="grid gap-2">
      <ErrorList items={errorItems(query.error)} />
      <Button variant="outline" className="justify-self-start" onClick={() => void query.refetch()}>
        Coba lagi
      </Button>
    </div>
  );
}

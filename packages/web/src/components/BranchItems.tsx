import { SelectItem } from './ui/select';

/** The branches as the options of a select (the branch pickers of top-level users): the id as the value. */
export function BranchItems({ branches }: { branches: readonly { id: number; name: string }[] | undefined }) {
  return (
    <>
      {(branches ?? []).map((b) => (
        <SelectItem key={b.id} value={String(b.id)}>
          {b.name}
        </SelectItem>
      ))}
    </>
  );
}

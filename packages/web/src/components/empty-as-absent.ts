import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * zodResolver for a form whose selects hold '' until something is chosen: the listed fields are removed when
 * empty, so optional preprocessed codes (gender '0'/'1' and the like) read as absent instead of invalid.
 */
export function emptyAsAbsentResolver<TValues extends FieldValues, TOutput>(
  schema: z.ZodType<TOutput>,
  fields: readonly (keyof TValues & string)[],
): Resolver<TValues, unknown, TOutput> {
  const inner = zodResolver(schema as never) as unknown as Resolver<Record<string, unknown>, unknown, TOutput>;
  return (values, context, options) => {
    const cleaned: Record<string, unknown> = { ...values };
    for (const f of fields) if (cleaned[f] === '') delete cleaned[f];
    return inner(cleaned, context, options as never) as ReturnType<Resolver<TValues, unknown, TOutput>>;
  };
}

import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from '@klinik/shared';

/**
 * A react-hook-form resolver running a shared zod schema (the server's rules) over what the form holds, turned into
 * the schema's input by `toInput` (text to numbers, a picked option to its id, the form's context for values that
 * live outside the form). The schema's issue paths must be the form's field names, so each lands on its field.
 */
export function resolverOver<V extends FieldValues, C, Out extends FieldValues>(
  schema: z.ZodType<Out>,
  toInput: (values: V, context: C | undefined) => unknown,
): Resolver<V, C, Out> {
  const resolve = zodResolver(schema as never) as unknown as Resolver<Record<string, unknown>, unknown, Out>;
  return (values, context, options) =>
    resolve(toInput(values, context) as Record<string, unknown>, context, options as never) as ReturnType<
      Resolver<V, C, Out>
    >;
}

import type { z } from 'zod';

/**
 * A form's live check on its shared schema (issue 9 item 5): `safeParse` of what is typed, as `{ 'a.0.b': message }`
 * (the first message per path). Forms whose Save stays disabled until valid show these next to the fields as the
 * user types, and enable Save on `ok`; the submit itself still goes through react-hook-form's zodResolver.
 */
export function liveIssues<T extends z.ZodType>(
  schema: T,
  values: unknown,
): { ok: boolean; data?: z.output<T>; at: (path: string) => string | undefined } {
  const r = schema.safeParse(values);
  const byPath = new Map<string, string>();
  if (!r.success) {
    for (const i of r.error.issues) {
      const key = i.path.map(String).join('.');
      if (!byPath.has(key)) byPath.set(key, i.message);
    }
  }
  return { ok: r.success, data: r.success ? r.data : undefined, at: (path) => byPath.get(path) };
}

import { type ErrorItem } from '@klinik/shared';

/** The server's `[{ message, field }]` list split into messages per field and the rest. */
export function fieldErrorsOf(items: ErrorItem[]): { byField: Record<string, string>; rest: ErrorItem[] } {
  const byField: Record<string, string> = {};
  const rest: ErrorItem[] = [];
  for (const i of items) {
    if (i.field) byField[i.field] = i.message;
    else rest.push(i);
  }
  return { byField, rest: rest.length ? rest : items };
}

// ------------------------------------------------------------------------------------------------ types

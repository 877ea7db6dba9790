import type { ApiErrorItem } from '@fleetgate/contracts';
import { errorMessages } from '@fleetgate/contracts';
import type { z } from 'zod';

/** An error that is sent to the client in the wire format with its status. */
export class ApiError extends Error {
  readonly status: number;
  readonly items: ApiErrorItem[];
  readonly headers: Record<string, string>;

  constructor(status: number, items: ApiErrorItem[] | string, headers: Record<string, string> = {}) {
    const list = typeof items === 'string' ? [{ message: items }] : items;
    super(list[0]?.message ?? 'Error');
    this.status = status;
    this.items = list;
    this.headers = headers;
  }
}

export const badRequest = (message: string, propertyName?: string) =>
  new ApiError(400, [{ message, ...(propertyName === undefined ? {} : { propertyName }) }]);
export const unauthenticated = (message: string = errorMessages.unauthenticated) =>
  new ApiError(401, message);
export const forbidden = () => new ApiError(403, errorMessages.forbidden);
export const notFound = () => new ApiError(404, errorMessages.notFound);
export const conflict = (message: string, propertyName?: string) =>
  new ApiError(409, [{ message, ...(propertyName === undefined ? {} : { propertyName }) }]);

/** Turns zod issues into wire errors: a property path and, inside lists, the list index. */
export function validationError(error: z.ZodError, listIndex?: number): ApiError {
  return new ApiError(400, zodIssuesToItems(error.issues, listIndex));
}

export function zodIssuesToItems(issues: readonly z.core.$ZodIssue[], listIndex?: number): ApiErrorItem[] {
  return issues.map((issue) => {
    const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
    const propertyName = path.map(String).join('.') || undefined;
    const item: ApiErrorItem = { message: issueMessage(issue) };
    if (propertyName) item.propertyName = propertyName;
    if (listIndex !== undefined) item.listIndex = listIndex;
    return item;
  });
}

function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type' && issue.input === undefined) return errorMessages.required;
  if (issue.code === 'unrecognized_keys') return `Unknown property: ${issue.keys.join(', ')}`;
  return issue.message;
}

/** Parses one input with a schema or throws a 400 in the wire format. */
/** Parses every item of a list and reports the errors of all items at once, each with its listIndex. */
export function parseEach<T extends z.ZodType>(
  schema: T,
  items: unknown[],
  withIndex: boolean,
): z.output<T>[] {
  const errors: ApiErrorItem[] = [];
  const parsed = items.map((item, i) => {
    const result = schema.safeParse(item);
    if (!result.success) errors.push(...zodIssuesToItems(result.error.issues, withIndex ? i : undefined));
    return result.data as z.output<T>;
  });
  if (errors.length > 0) throw new ApiError(400, errors);
  return parsed;
}

export function parseInput<T extends z.ZodType>(schema: T, input: unknown, listIndex?: number): z.output<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error, listIndex);
  return result.data;
}

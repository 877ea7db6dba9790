import { z } from 'zod';

/**
 * A schema with the wrappers that fill in an absent value (`.default()`, `.prefault()`,
 * `.catch()`) taken off, at any depth of `.optional()` / `.nullable()` around them.
 */
type WithoutFill<T> =
  T extends z.ZodDefault<infer Inner>
    ? WithoutFill<Inner>
    : T extends z.ZodPrefault<infer Inner>
      ? WithoutFill<Inner>
      : T extends z.ZodCatch<infer Inner>
        ? WithoutFill<Inner>
        : T extends z.ZodOptional<infer Inner>
          ? WithoutFill<Inner>
          : T extends z.ZodNullable<infer Inner>
            ? z.ZodNullable<WithoutFill<Inner>>
            : T;

type PatchShape<Shape extends z.ZodRawShape> = { [K in keyof Shape]: z.ZodOptional<WithoutFill<Shape[K]>> };

function withoutFill(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodPrefault || schema instanceof z.ZodCatch) {
    return withoutFill(schema.unwrap() as z.ZodType);
  }
  if (schema instanceof z.ZodOptional) return withoutFill(schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodNullable) return withoutFill(schema.unwrap() as z.ZodType).nullable();
  return schema;
}

/**
 * The PATCH body of a resource from its create body: every property optional, and an absent
 * property stays absent. Zod's `.partial()` keeps `.default()`, so a body naming only `name`
 * would come out with the defaults of the others and reset them (a renamed role lost its
 * capabilities). Object settings (strict or not) carry over from the create schema.
 */
export function patchSchemaOf<Shape extends z.ZodRawShape, Config extends z.core.$ZodObjectConfig>(
  create: z.ZodObject<Shape, Config>,
): z.ZodObject<PatchShape<Shape>, Config> {
  const shape = Object.fromEntries(
    Object.entries(create.shape).map(([key, schema]) => [key, withoutFill(schema as z.ZodType).optional()]),
  );
  return create.extend(shape) as unknown as z.ZodObject<PatchShape<Shape>, Config>;
}

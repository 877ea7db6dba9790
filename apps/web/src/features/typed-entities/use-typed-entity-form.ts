import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';

/** The form of a group or asset dialog: checked on every change, so Save is enabled only when valid. */
export function useTypedEntityForm<T extends FieldValues>(
  schema: z.ZodType<T, T>,
  defaultValues: DefaultValues<T>,
) {
  return useForm<T>({ mode: 'onChange', resolver: zodResolver(schema), defaultValues });
}

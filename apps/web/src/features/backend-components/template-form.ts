import { z } from 'zod';
import type { TFunction } from 'i18next';
import {
  backendComponentLimits,
  type BackendComponentTemplate,
  type BackendComponentTemplateCreateInput,
  type BackendComponentTemplatePatchInput,
} from '@fleetgate/contracts';
import { nameSchema } from '../../components/form/field-schemas.ts';

/**
 * What a new template starts from: a working function for the simulator's temperature, so a
 * first-time user sees the shape of `handler`, `context.writeTag` and the log in one go.
 */
export const exampleCode = `// Runs once for every message this template is subscribed to.
// A tag samples message carries the new samples of the subscribed tags.
async function handler(message, context) {
  for (const sample of message.samples ?? []) {
    const celsius = Number(sample.value);
    const fahrenheit = (celsius * 9) / 5 + 32;
    console.log(\`\${celsius} °C is \${fahrenheit.toFixed(1)} °F\`);
    await context.writeTag('Temperature °F', fahrenheit, { unit: '°F', time: sample.time });
  }
}
`;

/** The server refuses code without a `handler`; checking it here saves a round trip. */
const definesHandler = /\bhandler\b/;

export function templateFormSchema(t: TFunction) {
  const max = backendComponentLimits.codeMaxLength;
  return z.object({
    name: nameSchema(t),
    description: z
      .string()
      .trim()
      .max(1000, t('form.maxLength', { count: 1000 })),
    code: z
      .string()
      .min(1, t('backendComponents.editor.codeRequired'))
      .max(max, t('backendComponents.editor.codeTooLong', { count: max }))
      .regex(definesHandler, t('backendComponents.editor.needsHandler')),
  });
}

export type TemplateFormValues = z.infer<ReturnType<typeof templateFormSchema>>;

export function templateFormValuesOf(template: BackendComponentTemplate | null): TemplateFormValues {
  return {
    name: template?.name ?? '',
    description: template?.description ?? '',
    code: template?.code ?? exampleCode,
  };
}

export function createInputOf(values: TemplateFormValues): BackendComponentTemplateCreateInput {
  return {
    name: values.name,
    ...(values.description === '' ? {} : { description: values.description }),
    code: values.code,
  };
}

/** Only what changed, so saving the description does not resend 100 KB of code. */
export function patchOf(
  values: TemplateFormValues,
  before: TemplateFormValues,
): BackendComponentTemplatePatchInput {
  const changes: BackendComponentTemplatePatchInput = {};
  if (values.name !== before.name) changes.name = values.name;
  if (values.description !== before.description) changes.description = values.description;
  if (values.code !== before.code) changes.code = values.code;
  return changes;
}

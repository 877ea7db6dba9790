import { z } from 'zod';
import type { TFunction } from 'i18next';
import {
  brokerUrlProblem,
  mqttClientIdMaxLength,
  mqttErrorMessages,
  mqttPasswordMaxLength,
  mqttUrlMaxLength,
  mqttUsernameMaxLength,
  type MqttBroker,
  type MqttBrokerCreateInput,
  type MqttBrokerPatchInput,
  type MqttConnectionTestInput,
  type MqttConnectionTestResult,
} from '@fleetgate/contracts';
import { ApiError } from '../../api/api-error.ts';
import { nameSchema } from '../../components/form/field-schemas.ts';
import type { ConnectionTestState } from './ConnectionTestResult.tsx';

const optional = (t: TFunction, max: number) =>
  z
    .string()
    .trim()
    .max(max, t('form.maxLength', { count: max }));

/** `hasStoredPassword`: editing a broker that has a password the form does not show. */
export function brokerFormSchema(t: TFunction, hasStoredPassword: boolean) {
  return z
    .object({
      name: nameSchema(t),
      url: z
        .string()
        .trim()
        .min(1, t('form.required'))
        .max(mqttUrlMaxLength, t('form.maxLength', { count: mqttUrlMaxLength })),
      clientId: optional(t, mqttClientIdMaxLength),
      username: optional(t, mqttUsernameMaxLength),
      password: z.string().max(mqttPasswordMaxLength, t('form.maxLength', { count: mqttPasswordMaxLength })),
      removePassword: z.boolean(),
    })
    .superRefine((values, ctx) => {
      const problem = values.url === '' ? null : brokerUrlProblem(values.url);
      if (problem) ctx.addIssue({ code: 'custom', path: ['url'], message: t(`mqtt.validation.${problem}`) });
      if (willHavePassword(values, hasStoredPassword) && values.username === '') {
        ctx.addIssue({
          code: 'custom',
          path: ['username'],
          message: t('mqtt.validation.passwordWithoutUsername'),
        });
      }
    });
}

export type BrokerFormValues = z.infer<ReturnType<typeof brokerFormSchema>>;

function willHavePassword(values: Pick<BrokerFormValues, 'password' | 'removePassword'>, stored: boolean) {
  return values.password !== '' || (stored && !values.removePassword);
}

export function brokerFormValuesOf(broker: MqttBroker | undefined): BrokerFormValues {
  return {
    name: broker?.name ?? '',
    url: broker?.url ?? '',
    clientId: broker?.clientId ?? '',
    username: broker?.username ?? '',
    password: '',
    removePassword: false,
  };
}

/** Left empty, the password is kept; "remove" clears it; typed, it replaces it. */
function passwordChange(values: BrokerFormValues): { password?: string | null } {
  if (values.password !== '') return { password: values.password };
  return values.removePassword ? { password: null } : {};
}

export function createInputOf(values: BrokerFormValues): MqttBrokerCreateInput {
  return {
    name: values.name,
    url: values.url,
    clientId: values.clientId || null,
    username: values.username || null,
    ...passwordChange(values),
  };
}

export function patchOf(values: BrokerFormValues): MqttBrokerPatchInput {
  return createInputOf(values);
}

/** What the dialog tests: the shown settings, with the saved broker's password when it is kept. */
export function testInputOf(
  values: BrokerFormValues,
  broker: MqttBroker | undefined,
): MqttConnectionTestInput {
  const keepsStored = broker?.hasPassword === true && values.password === '' && !values.removePassword;
  return {
    url: values.url.trim(),
    clientId: values.clientId.trim() || null,
    username: values.username.trim() || null,
    ...(keepsStored ? { publicId: broker.publicId } : { password: values.password || null }),
  };
}

/** This feature's server messages in the user's words, before the form helper puts them on fields. */
export function localizeBrokerError(error: unknown, t: TFunction): unknown {
  if (!(error instanceof ApiError)) return error;
  const texts = new Map<string, string>(
    Object.entries(mqttErrorMessages).map(([key, message]) => [
      message,
      t(`mqtt.validation.${key as keyof typeof mqttErrorMessages}`),
    ]),
  );
  return new ApiError(
    error.status,
    error.errors.map((item) => ({ ...item, message: texts.get(item.message) ?? item.message })),
  );
}

/** A test mutation's state as the result view shows it. */
export function testStateOf(mutation: {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: MqttConnectionTestResult | undefined;
}): ConnectionTestState {
  if (mutation.isPending) return { status: 'testing' };
  if (mutation.isError) return { status: 'error', error: mutation.error };
  if (mutation.data) return { status: 'done', result: mutation.data };
  return { status: 'idle' };
}

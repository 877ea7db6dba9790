import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import type { MqttBroker } from '@fleetgate/contracts';
import { ApiError } from '../../api/api-error.ts';
import {
  brokerFormSchema,
  brokerFormValuesOf,
  createInputOf,
  localizeBrokerError,
  testInputOf,
  type BrokerFormValues,
} from './mqtt-broker-form.ts';

const t = ((key: string) => key) as unknown as TFunction;

const saved: MqttBroker = {
  publicId: 'abcdefghijkl',
  name: 'Plant',
  url: 'mqtt://broker:1883',
  clientId: null,
  username: 'plant',
  hasPassword: true,
};

const values = (changes: Partial<BrokerFormValues>): BrokerFormValues => ({
  ...brokerFormValuesOf(saved),
  ...changes,
});

function problems(schemaValues: BrokerFormValues, stored: boolean) {
  const result = brokerFormSchema(t, stored).safeParse(schemaValues);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('broker form', () => {
  it('checks the address like the server does', () => {
    expect(problems(values({ url: 'http://broker' }), true)).toEqual({ url: 'mqtt.validation.urlScheme' });
    expect(problems(values({ url: 'mqtt://u:p@broker' }), true)).toEqual({
      url: 'mqtt.validation.urlCredentials',
    });
    expect(problems(values({ url: '' }), true)).toEqual({ url: 'form.required' });
    expect(problems(values({ url: 'wss://broker/mqtt' }), true)).toEqual({});
  });

  it('asks for a user name whenever a password will be kept or set', () => {
    expect(problems(values({ username: '' }), true)).toEqual({
      username: 'mqtt.validation.passwordWithoutUsername',
    });
    expect(problems(values({ username: '', removePassword: true }), true)).toEqual({});
    expect(problems(values({ username: '', password: 'pw' }), false)).toEqual({
      username: 'mqtt.validation.passwordWithoutUsername',
    });
    expect(problems(values({ username: '' }), false)).toEqual({});
  });

  it('sends the password only when typed, and null to remove it', () => {
    expect(createInputOf(values({}))).toEqual({
      name: 'Plant',
      url: 'mqtt://broker:1883',
      clientId: null,
      username: 'plant',
    });
    expect(createInputOf(values({ password: 'new' }))).toMatchObject({ password: 'new' });
    expect(createInputOf(values({ removePassword: true }))).toMatchObject({ password: null });
  });

  it('tests with the stored password unless another one is given', () => {
    expect(testInputOf(values({}), saved)).toEqual({
      url: 'mqtt://broker:1883',
      clientId: null,
      username: 'plant',
      publicId: 'abcdefghijkl',
    });
    expect(testInputOf(values({ password: 'typed' }), saved)).toEqual({
      url: 'mqtt://broker:1883',
      clientId: null,
      username: 'plant',
      password: 'typed',
    });
    expect(testInputOf(values({ removePassword: true }), saved)).toMatchObject({ password: null });
    expect(testInputOf(values({}), undefined)).toMatchObject({ password: null });
  });

  it("translates the feature's server messages and keeps the rest", () => {
    const error = new ApiError(400, [
      { message: 'Use an mqtt://, mqtts://, ws:// or wss:// address', propertyName: 'url' },
      { message: 'NAME_ALREADY_IN_USE', propertyName: 'name' },
    ]);
    expect((localizeBrokerError(error, t) as ApiError).errors).toEqual([
      { message: 'mqtt.validation.urlScheme', propertyName: 'url' },
      { message: 'NAME_ALREADY_IN_USE', propertyName: 'name' },
    ]);
  });
});

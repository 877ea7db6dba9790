import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { backendComponentErrors, type BackendComponentTemplate } from '@fleetgate/contracts';
import { ApiError } from '../../api/api-error.ts';
import { isNotProvisioned, localizeBackendComponentError } from './backend-component-errors.ts';
import {
  createInputOf,
  exampleCode,
  patchOf,
  templateFormSchema,
  templateFormValuesOf,
} from './template-form.ts';

const t = ((key: string) => key) as unknown as TFunction;

const own: BackendComponentTemplate = {
  publicId: 'abcdefghijkl',
  name: 'Fahrenheit',
  description: '',
  company: { publicId: 'companyaaaaa', name: 'Acme' },
  own: true,
  code: 'async function handler() {}',
  updatedOn: '2026-01-01T00:00:00.000Z',
};

describe('template form', () => {
  it('starts a new template from the Fahrenheit example, which passes its own checks', () => {
    const values = templateFormValuesOf(null);
    expect(values.code).toBe(exampleCode);
    expect(exampleCode).toContain('async function handler(message, context)');
    expect(exampleCode).toContain("context.writeTag('Temperature °F'");
    expect(exampleCode).toContain('console.log(');
    expect(templateFormSchema(t).safeParse({ ...values, name: 'Fahrenheit' }).success).toBe(true);
  });

  it('refuses an empty name and code without a handler', () => {
    const result = templateFormSchema(t).safeParse({ name: ' ', description: '', code: 'console.log(1)' });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(messages).toEqual([
      ['name', 'form.required'],
      ['code', 'backendComponents.editor.needsHandler'],
    ]);
  });

  it('sends a description only when there is one', () => {
    expect(createInputOf({ name: 'A', description: '', code: 'x' })).toEqual({ name: 'A', code: 'x' });
    expect(createInputOf({ name: 'A', description: 'd', code: 'x' })).toEqual({
      name: 'A',
      description: 'd',
      code: 'x',
    });
  });

  it('patches only what changed, so a rename does not resend the code', () => {
    const before = templateFormValuesOf(own);
    expect(patchOf({ ...before, name: 'Celsius' }, before)).toEqual({ name: 'Celsius' });
    expect(patchOf({ ...before, code: 'function handler() {}' }, before)).toEqual({
      code: 'function handler() {}',
    });
    expect(patchOf(before, before)).toEqual({});
  });
});

describe('backend component errors', () => {
  it('recognises the not-provisioned answer and puts every known message in the user’s words', () => {
    const error = new ApiError(403, [{ message: backendComponentErrors.notProvisioned }]);
    expect(isNotProvisioned(error)).toBe(true);
    expect(isNotProvisioned(new ApiError(400, [{ message: 'Required property' }]))).toBe(false);
    const localized = localizeBackendComponentError(
      new ApiError(409, [
        { message: backendComponentErrors.nameTaken, propertyName: 'name' },
        { message: 'Other' },
      ]),
      t,
    ) as ApiError;
    expect(localized.errors).toEqual([
      { message: 'backendComponents.errors.nameTaken', propertyName: 'name' },
      { message: 'Other' },
    ]);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import type { FormInstance, FormRule } from 'antd';
import { passwordSchema, personNameSchema } from '@voltfleet/domain/validation';
import { phoneRule, reportFormError, schemaMessage } from './form-rules';
import { ApiError } from './http';
import { initI18n, loadTexts } from './i18n';
import { MESSAGES } from '@/locales/namespaces';

// As the app runs: i18next with the domain's catalogue, loaded in the UI's language.
beforeAll(async () => {
  await initI18n('en');
  await loadTexts([MESSAGES]);
});

/** Runs an antd rule against a form holding `values`; resolves to the error message or undefined. */
async function run(rule: FormRule, values: Record<string, unknown>): Promise<string | undefined> {
  const form = { getFieldValue: (name: string) => values[name] } as unknown as FormInstance;
  const { validator } = typeof rule === 'function' ? rule(form) : rule;
  try {
    await validator?.({}, undefined, () => {});
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('schemaMessage', () => {
  it('gives the domain message in the UI language', () => {
    expect(schemaMessage(passwordSchema, 'short')).toBe('The password must be 8 to 16 characters long');
    expect(schemaMessage(passwordSchema, 'long enough')).toBe('Spaces are not allowed');
    expect(schemaMessage(passwordSchema, 'Valid#Pass1')).toBeUndefined();
    expect(schemaMessage(personNameSchema, 'Jan Novák')).toBeUndefined();
    expect(schemaMessage(personNameSchema, 'a\tb')).toBe(
      'A name may contain letters, digits and underscores, with one space, hyphen, apostrophe or full stop between words',
    );
  });
});

describe('phoneRule', () => {
  it.each([
    [{ prePhoneCode: '+86', phone: '' }, undefined],
    [{ prePhoneCode: '+86', phone: '13800138000' }, undefined],
    [{ prePhoneCode: '+86', phone: '1380013800x' }, 'Only digits are allowed'],
    [{ prePhoneCode: '+86', phone: '612345678' }, 'Please enter a valid mobile number'],
    [{ prePhoneCode: '+31', phone: '612345678' }, undefined],
    // Checked on its own, whatever else the form still lacks.
    [{ name: '', prePhoneCode: '+1', phone: '123' }, 'Please enter a valid mobile number'],
  ])('%o → %s', async (values, expected) => {
    expect(await run(phoneRule(), values)).toBe(expected);
  });
});

describe('reportFormError', () => {
  it('puts issues of known fields on the fields and nothing else', () => {
    const put: unknown[] = [];
    const error = new ApiError('validation', 'Invalid', 400, [{ path: 'name', message: 'Required' }]);
    reportFormError(error, ['name', 'email'], (issues) => put.push(...issues));
    expect(put).toEqual([{ path: 'name', message: 'Required' }]);
  });

  it('does nothing more for errors the user was already told about', () => {
    const put: unknown[] = [];
    reportFormError(new ApiError('conflict', 'Taken', 409, [], true), ['name'], (issues) => put.push(...issues));
    expect(put).toEqual([]);
  });

  it('rethrows what is not an API error', () => {
    expect(() => reportFormError(new TypeError('bug'), [], () => {})).toThrow('bug');
  });
});

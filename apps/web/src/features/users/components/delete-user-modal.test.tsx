import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Lang } from '@voltfleet/domain/i18n';
import type { User } from '@voltfleet/domain/users';
import { fakeApi, ok } from '@/test/fake-api';
import { renderWithProviders, testMe } from '@/test/render';
import DeleteUserModal from './delete-user-modal';

const me = testMe(['D', 'D/A', 'D/A:user.delete']);
const target: User = { ...me.user, id: 42, username: 'roofer', name: 'Roofer', superiorId: 7, level: 2 };

describe('the delete confirmation', () => {
  it.each<[Lang, string]>([
    [
      'en',
      'roofer can no longer log in. Their plants and devices and their subordinate users (with everyone below them) ' +
        'move to you (Installer (installer)); so do the roles they created and the work orders they opened. This ' +
        'cannot be undone.',
    ],
    [
      'zh',
      'roofer 将无法再登录。其电站和设备以及其下级用户（连同他们的所有下级）将转给您（Installer (installer)），其创建的角色和发起的工单也将归您。此操作无法撤销。',
    ],
    [
      'cs',
      'roofer se už nebude moci přihlásit. Jeho elektrárny a zařízení i jeho podřízení uživatelé (se všemi pod nimi) ' +
        'přejdou na vás (Installer (installer)); stejně tak role, které vytvořil, a pracovní příkazy, které založil. ' +
        'Tuto akci nelze vrátit.',
    ],
    [
      'de',
      'roofer kann sich nicht mehr anmelden. Seine Anlagen und Geräte sowie seine untergeordneten Benutzer (mit allen ' +
        'unter ihnen) gehen an Sie (Installer (installer)) über, ebenso die von ihm angelegten Rollen und eröffneten ' +
        'Arbeitsaufträge. Dies kann nicht rückgängig gemacht werden.',
    ],
  ])('%s: says what becomes the deleting user’s before anything is deleted', async (lang, text) => {
    const api = fakeApi({});
    await renderWithProviders(<DeleteUserModal user={target} onClose={() => {}} />, { lang, me });
    expect((await screen.findByTestId('user-delete-text')).textContent).toBe(text);
    expect(api.calls).toEqual([]);
  });

  it('deletes only when confirmed, and reports what was handed over', async () => {
    const api = fakeApi({ 'DELETE /api/users/42': ok({ plants: 2, devices: 5, subordinates: 1 }) });
    let closed = false;
    const { user } = await renderWithProviders(<DeleteUserModal user={target} onClose={() => (closed = true)} />, {
      lang: 'en',
      me,
    });
    await user.click(await screen.findByTestId('user-delete-confirm'));
    await waitFor(() => expect(closed).toBe(true));
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['DELETE /api/users/42']);
    expect(await screen.findByText('Deleted; 2 plants, 5 devices and 1 subordinate users are now yours')).toBeTruthy();
  });
});

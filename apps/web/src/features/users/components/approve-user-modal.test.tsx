// Issue 38 point 1: a self-registered account is approved with its role confirmed (or changed), or refused.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { User } from '@voltfleet/domain/users';
import { fakeApi, ok } from '@/test/fake-api';
import { renderWithProviders, testMe } from '@/test/render';
import ApproveUserModal from './approve-user-modal';
import { UserRowActions } from './user-row-actions';

const me = testMe(['D', 'D/A', 'D/A:user.edit']);
const applicant: User = {
  ...me.user,
  id: 51,
  username: 'roof_tom',
  name: 'Tom Roof',
  approval: 'pending',
  roleId: 3,
  roleName: 'Engineering',
  level: 2,
  superiorId: me.user.id,
  createdAt: '2026-12-01T08:30:00.000Z',
};
const roles = [
  { id: 3, name: 'Engineering' },
  { id: 4, name: 'Personal' },
];
const noop = () => {};

describe('an account awaiting approval in the user list', () => {
  it('offers approve and refuse instead of enable, reset and move', async () => {
    fakeApi({});
    await renderWithProviders(
      <UserRowActions user={applicant} onEdit={noop} onMove={noop} onDelete={noop} onApprove={noop} />,
      { lang: 'de', me },
    );
    expect((await screen.findByTestId('user-approve-roof_tom')).textContent).toBe('Freigeben');
    expect(screen.getByTestId('user-refuse-roof_tom').textContent).toBe('Ablehnen');
    expect(screen.queryByTestId('user-disable-roof_tom')).toBeNull();
    expect(screen.queryByTestId('user-move-roof_tom')).toBeNull();
  });

  it('refuses only when confirmed, and says so', async () => {
    const api = fakeApi({ 'PUT /api/users/51/refuse': ok({ ...applicant, approval: 'refused' }) });
    const { user } = await renderWithProviders(
      <UserRowActions user={applicant} onEdit={noop} onMove={noop} onDelete={noop} onApprove={noop} />,
      { lang: 'en', me },
    );
    await user.click(await screen.findByTestId('user-refuse-roof_tom'));
    expect(api.calls).toEqual([]);
    await user.click(await screen.findByTestId('user-refuse-confirm'));
    expect(await screen.findByText('Refused: roof_tom can no longer sign in')).toBeTruthy();
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['PUT /api/users/51/refuse']);
  });

  it('approves with the role asked for unless the approver changes it', async () => {
    const api = fakeApi({
      'GET /api/roles/assignable': ok(roles),
      'PUT /api/users/51/approve': (call) => ok({ ...applicant, approval: 'approved', ...(call.body as object) }),
    });
    let closed = false;
    const { user } = await renderWithProviders(<ApproveUserModal user={applicant} onClose={() => (closed = true)} />, {
      lang: 'en',
      me,
    });
    expect(await screen.findByText(/Tom Roof registered on .* and asked for the role Engineering/)).toBeTruthy();
    // The role select shows the role asked for; the approver picks another.
    const role = await screen.findByTestId('user-approve-role');
    await waitFor(() => expect(within(role).getByText('Engineering')).toBeTruthy());
    await user.click(role.querySelector('.ant-select-selector') ?? role);
    await user.click(await screen.findByTitle('Personal'));
    await user.click(screen.getByTestId('user-approve-confirm'));
    await waitFor(() => expect(closed).toBe(true));
    expect(api.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ roleId: 4, level: 2 }]);
    expect(await screen.findByText('Approved: roof_tom can now work with the confirmed role')).toBeTruthy();
  });
});

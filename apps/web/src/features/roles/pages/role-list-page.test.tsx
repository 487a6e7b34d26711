import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Role } from '@voltfleet/domain/users';
import { fakeApi, ok } from '@/test/fake-api';
import { renderWithProviders, testMe } from '@/test/render';
import RoleListPage from './role-list-page';

const role = (id: number, name: string, over: Partial<Role> = {}): Role => ({
  id,
  name,
  description: '',
  builtIn: false,
  creatorId: 7,
  creatorName: 'Installer',
  createdAt: '2026-03-01T08:00:00.000Z',
  updatedAt: '2026-03-01T08:00:00.000Z',
  permissions: [],
  views: [],
  userCount: 0,
  editable: false,
  ...over,
});

const DEALER = role(2, 'Dealer', {
  builtIn: true,
  creatorId: null,
  creatorName: null,
  permissions: ['A', 'A/A', 'A:plant.add', 'D', 'D/A', 'D/A:user.add'],
  views: ['bigScreen/map'],
});
const EMPTY = role(9, 'Viewer');

/** Someone who may see the role list and nothing more. */
const READER = testMe(['E']);

describe('role list page', () => {
  it("shows a built-in role's modules and function permissions read-only to someone who only sees the list", async () => {
    fakeApi({ 'GET /api/roles': ok([DEALER, EMPTY]), 'GET /api/preferences/tables': ok([]) });
    const { user } = await renderWithProviders(<RoleListPage />, { me: READER });
    await user.click(await screen.findByTestId('role-grants-Dealer'));

    const grants = await screen.findByTestId('role-grants');
    const tree = within(grants).getByTestId('role-grants-tree');
    for (const name of ['Plant Center', 'Plant statistics', 'Add plant', 'User Center', 'User list'])
      expect(within(tree).getByText(name)).toBeInTheDocument();
    expect(within(tree).queryByText('Edit plant')).not.toBeInTheDocument();
    expect(within(tree).queryByText('Alarm Center')).not.toBeInTheDocument();
    // Read-only: nothing to tick, and no way to change the role from here.
    expect(within(grants).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByTestId('role-edit-Dealer')).not.toBeInTheDocument();
  });

  it("names the grants in the UI's language and says when a role grants nothing", async () => {
    fakeApi({ 'GET /api/roles': ok([DEALER, EMPTY]), 'GET /api/preferences/tables': ok([]) });
    const { user } = await renderWithProviders(<RoleListPage />, { me: READER, lang: 'de' });
    await user.click(await screen.findByTestId('role-grants-Dealer'));
    const tree = await screen.findByTestId('role-grants-tree');
    expect(within(tree).getByText('Benutzerzentrale')).toBeInTheDocument();
    expect(screen.getByText('Berechtigungen von Dealer')).toBeInTheDocument();

    await user.click(screen.getByTestId('role-grants-Viewer'));
    expect(await screen.findByText('Diese Rolle gewährt keine Berechtigungen.')).toBeInTheDocument();
  });
});

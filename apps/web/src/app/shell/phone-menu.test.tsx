import { screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, testMe } from '@/test/render';
import { registeredRoutes } from '../routes';
import { PhoneMenu } from './phone-menu';

const GRANT = ['A', 'B', 'B/A'];
const ROUTES = registeredRoutes(GRANT, { 'plantCenter/plantList': true, 'deviceCenter/deviceList': true });

/** The phone's menu button above the routed page, as the shell's header has it. */
function renderMenu() {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <PhoneMenu routes={ROUTES} />
            <Outlet />
          </>
        ),
        children: [
          { path: '/plantCenter/plantList', element: <p>plant list</p> },
          { path: '/deviceCenter/deviceList', element: <p>device list</p> },
        ],
      },
    ],
    { initialEntries: ['/plantCenter/plantList'] },
  );
  return renderWithProviders(<RouterProvider router={router} />, { me: testMe(GRANT), lang: 'de' });
}

describe('the menu on a phone', () => {
  it('opens as a drawer with the pages and the tools the header has no room for, and closes on a choice', async () => {
    const { user } = await renderMenu();
    const button = screen.getByRole('button', { name: 'Menü' });
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    const drawer = await screen.findByTestId('menu-drawer');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByTestId('menu-item-plantList')).toHaveTextContent('Anlagenliste');
    expect(screen.getByTestId('work-orders-button')).toHaveTextContent('Arbeitsaufträge');
    expect(screen.getByTestId('project-list')).toHaveTextContent('Projekte');
    expect(screen.getByTestId('logout')).toBeInTheDocument();

    await user.click(screen.getByTestId('menu-item-deviceList'));
    expect(await screen.findByText('device list')).toBeInTheDocument();
    await waitFor(() => expect(button).toHaveAttribute('aria-expanded', 'false'));
    await waitFor(() => expect(drawer).not.toBeVisible());
  });
});

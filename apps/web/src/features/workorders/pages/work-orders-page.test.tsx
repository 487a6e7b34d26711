import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { WorkOrder, WorkOrderDetail, WorkOrderPage } from '@voltfleet/domain/workorders';
import { fakeApi, ok } from '@/test/fake-api';
import { renderWithProviders, testMe } from '@/test/render';
import { clientImageProblem } from '../components/work-order-image-list';
import WorkOrdersPage from './work-orders-page';

const order = (over: Partial<WorkOrder> = {}): WorkOrder => ({
  id: 5,
  title: 'Replace the isolator',
  type: 'faultRepair',
  priority: 'high',
  description: 'Warm <b>isolator</b>',
  state: 'assigned',
  plant: { id: 3, name: 'Prague roof' },
  device: { id: 4, sn: 'SN0004' },
  alarm: { id: 9, code: 'grid.voltageHigh' },
  creator: { id: 1, name: 'Dealer' },
  assignee: { id: 7, name: 'Installer' },
  dueDate: '2020-01-01',
  overdue: true,
  actsForAssignee: true,
  isCreator: false,
  aboveAssignee: false,
  actsForCreator: false,
  imageCount: 0,
  createdAt: '2026-11-26T08:00:00.000Z',
  updatedAt: '2026-11-26T08:00:00.000Z',
  closedAt: null,
  ...over,
});
const detail = (over: Partial<WorkOrder> = {}): WorkOrderDetail => ({
  ...order(over),
  images: [],
  events: [
    {
      id: 1,
      kind: 'created',
      at: '2026-11-26T08:00:00.000Z',
      actor: { id: 1, name: 'Dealer' },
      fromState: null,
      toState: 'open',
      assignee: null,
      comment: null,
      fields: [],
    },
  ],
});
const page = (items: WorkOrder[]): WorkOrderPage => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 15,
  counts: { open: 2, assigned: 1, inProgress: 0, resolved: 4, closed: 0 },
});
const OPTIONS = {
  plants: [{ id: 3, name: 'Prague roof' }],
  users: [{ id: 7, username: 'installer', name: 'Installer' }],
};

const renderAt = (url: string) =>
  renderWithProviders(
    <MemoryRouter initialEntries={[url]}>
      <WorkOrdersPage />
    </MemoryRouter>,
    { me: testMe([]) },
  );

describe('work orders page', () => {
  it('lists work orders with the counts by state and the overdue flag, and filters by state', async () => {
    const api = fakeApi({
      'GET /api/work-orders': ok(page([order()])),
      'GET /api/work-orders/options': ok(OPTIONS),
    });
    const { user } = await renderAt('/workOrders');
    const row = await screen.findByTestId('work-order-row-5');
    expect(within(row).getByText('Replace the isolator')).toBeInTheDocument();
    expect(within(row).getByTestId('work-order-overdue')).toHaveTextContent('Overdue');
    expect(screen.getByTestId('work-order-state-resolved')).toHaveTextContent('Resolved (4)');
    expect(screen.getByTestId('work-order-states')).toHaveTextContent('All (7)');
    await user.click(screen.getByTestId('work-order-state-resolved'));
    await waitFor(() =>
      expect(api.callsTo('GET /api/work-orders').some((c) => c.query.get('state') === 'resolved')).toBe(true),
    );
  });

  it('opens ?open=<id> in the drawer with exactly the steps the state machine allows', async () => {
    const api = fakeApi({
      'GET /api/work-orders': ok(page([order()])),
      'GET /api/work-orders/options': ok(OPTIONS),
      'GET /api/work-orders/5': ok(detail()),
      'POST /api/work-orders/5/transition': ok(detail({ state: 'inProgress' })),
    });
    const { user } = await renderAt('/workOrders?open=5');
    const drawer = await screen.findByTestId('work-order-drawer');
    expect(await within(drawer).findByTestId('work-order-start')).toBeInTheDocument();
    expect(within(drawer).getByTestId('work-order-assign')).toBeInTheDocument();
    for (const absent of ['resolve', 'close', 'reopen'])
      expect(within(drawer).queryByTestId(`work-order-${absent}`)).toBeNull();
    // The alarm by its catalogue name, its code as secondary text.
    expect(within(drawer).getByTestId('work-order-alarm')).toHaveTextContent(/^Grid voltage high\s*grid\.voltageHigh$/);
    // The description is text, never markup.
    expect(within(drawer).getByTestId('work-order-description').querySelector('b')).toBeNull();
    await user.click(within(drawer).getByTestId('work-order-start'));
    await waitFor(() =>
      expect(api.callsTo('POST /api/work-orders/5/transition')[0]?.body).toEqual({ action: 'start' }),
    );
    expect(await within(drawer).findByTestId('work-order-resolve')).toBeInTheDocument();
  });

  it('offers no start to someone who is not the assignee nor above them', async () => {
    fakeApi({
      'GET /api/work-orders': ok(page([])),
      'GET /api/work-orders/options': ok(OPTIONS),
      'GET /api/work-orders/5': ok(detail({ actsForAssignee: false })),
    });
    await renderAt('/workOrders?open=5');
    const drawer = await screen.findByTestId('work-order-drawer');
    expect(await within(drawer).findByTestId('work-order-assign')).toBeInTheDocument();
    expect(within(drawer).queryByTestId('work-order-start')).toBeNull();
  });

  it('offers the assignee no close of their resolved work, and says who closes it', async () => {
    fakeApi({
      'GET /api/work-orders': ok(page([])),
      'GET /api/work-orders/options': ok(OPTIONS),
      'GET /api/work-orders/5': ok(detail({ state: 'resolved' })),
    });
    await renderAt('/workOrders?open=5');
    const drawer = await screen.findByTestId('work-order-drawer');
    expect(await within(drawer).findByTestId('work-order-reopen')).toBeInTheDocument();
    expect(within(drawer).queryByTestId('work-order-close')).toBeNull();
    expect(within(drawer).getByTestId('work-order-close-by-others')).toHaveTextContent(
      'The creator or a superior of the assignee closes this work order',
    );
  });

  it.each([
    ['the creator', { isCreator: true }],
    ['a superior of the assignee', { aboveAssignee: true }],
  ])('offers %s the close of resolved work', async (_, over) => {
    fakeApi({
      'GET /api/work-orders': ok(page([])),
      'GET /api/work-orders/options': ok(OPTIONS),
      'GET /api/work-orders/5': ok(detail({ state: 'resolved', ...over })),
    });
    await renderAt('/workOrders?open=5');
    const drawer = await screen.findByTestId('work-order-drawer');
    expect(await within(drawer).findByTestId('work-order-close')).toBeInTheDocument();
    expect(within(drawer).queryByTestId('work-order-close-by-others')).toBeNull();
  });

  it('opens the form filled from an alarm and sends the alarm, plant and device', async () => {
    const api = fakeApi({
      'GET /api/work-orders': ok(page([])),
      'GET /api/work-orders/options': ok(OPTIONS),
      'POST /api/work-orders': ok(detail()),
      'GET /api/work-orders/5': ok(detail()),
    });
    const { user } = await renderAt(
      '/workOrders?create=alarm&alarmId=9&deviceId=4&plantId=3&sn=SN0004&title=Grid%20voltage',
    );
    expect(await screen.findByTestId('work-order-form-source')).toHaveTextContent('From alarm #9 on device SN0004');
    expect(screen.getByTestId('work-order-form-title')).toHaveValue('Grid voltage');
    await user.click(screen.getByTestId('work-order-form-submit'));
    await waitFor(() => expect(api.callsTo('POST /api/work-orders')).toHaveLength(1));
    expect(api.callsTo('POST /api/work-orders')[0]?.body).toMatchObject({
      title: 'Grid voltage',
      type: 'faultRepair',
      alarmId: 9,
      deviceId: 4,
      plantId: 3,
      assigneeId: null,
      dueDate: null,
    });
    // The new work order opens in the drawer.
    expect(await screen.findByTestId('work-order-drawer')).toBeInTheDocument();
  });
});

describe('clientImageProblem', () => {
  // Sizes and types, not File objects, in the table: the test names print them.
  it.each([
    [10, 'image/png', 0, null],
    [10, 'image/png', 5, 'imageCount'],
    [1024 * 1024 + 1, 'image/jpeg', 0, 'imageTooBig'],
    [1024 * 1024, 'image/jpeg', 0, null],
    [10, 'text/plain', 0, 'imageType'],
  ] as const)('%d bytes of %s with %d already → %s', (size, type, count, problem) => {
    const file = new File([new Uint8Array(size)], 'x', { type });
    expect(clientImageProblem(file, count)).toBe(problem);
  });
});

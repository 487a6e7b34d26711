import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WorkOrder, WorkOrderDetail } from '@voltfleet/domain/workorders';
import { fakeApi, ok } from '@/test/fake-api';
import { asPhone } from '@/test/phone';
import { renderWithProviders, testMe } from '@/test/render';
import WorkOrdersPage from './work-orders-page';

const order: WorkOrder = {
  id: 5,
  title: 'Replace the isolator',
  type: 'faultRepair',
  priority: 'high',
  description: '',
  state: 'inProgress',
  plant: { id: 3, name: 'Prague roof' },
  device: { id: 4, sn: 'SN0004' },
  alarm: null,
  creator: { id: 1, name: 'Dealer' },
  assignee: { id: 7, name: 'Installer' },
  dueDate: null,
  overdue: false,
  actsForAssignee: true,
  isCreator: false,
  aboveAssignee: false,
  actsForCreator: false,
  imageCount: 0,
  createdAt: '2026-11-26T08:00:00.000Z',
  updatedAt: '2026-11-26T08:00:00.000Z',
  closedAt: null,
};
const detail: WorkOrderDetail = { ...order, images: [], events: [] };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('work orders on a phone', () => {
  it('lists cards, opens one full screen and sends a photo from the camera as an image', async () => {
    asPhone();
    const api = fakeApi({
      'GET /api/work-orders': ok({
        items: [order],
        total: 1,
        page: 1,
        pageSize: 15,
        counts: { open: 0, assigned: 0, inProgress: 1, resolved: 0, closed: 0 },
      }),
      'GET /api/work-orders/options': ok({ plants: [], users: [] }),
      'GET /api/work-orders/5': ok(detail),
      'POST /api/work-orders/5/images': ok({ id: 1, contentType: 'image/jpeg' }),
    });
    const { user } = await renderWithProviders(
      <MemoryRouter initialEntries={['/workOrders']}>
        <WorkOrdersPage />
      </MemoryRouter>,
      { me: testMe([]) },
    );
    const card = await screen.findByTestId('work-order-row-5');
    expect(screen.queryByTestId('work-order-table')).toBeNull();
    expect(within(card).getByText('Prague roof')).toBeInTheDocument();
    expect(screen.getByTestId('work-order-filter-sheet-open')).toHaveAccessibleName('Filters');

    await user.click(within(card).getByTestId('work-order-open-5'));
    const drawer = await screen.findByTestId('work-order-drawer');
    expect(drawer.closest('.ant-drawer')).toHaveClass('phone-touch');
    const camera = await within(drawer).findByTestId('work-order-camera-input');
    expect(camera).toHaveAttribute('capture', 'environment');
    expect(camera).toHaveAttribute('accept', 'image/*');
    expect(within(drawer).getByTestId('work-order-camera')).toHaveTextContent('Take a photo');

    await user.upload(camera, new File([new Uint8Array(64)], 'photo.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(api.callsTo('POST /api/work-orders/5/images')).toHaveLength(1));
  });
});

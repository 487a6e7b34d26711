import { expect, test, type Page } from '@playwright/test';
import { FIRST_ALARM_MS, waitForAlarm, type ListedAlarm } from './support/alarms.js';
import { ADMIN_PASSWORD, WAIT_MS, expectTitle, location, loginViaForm, setupJourney } from './support/journey.js';

// An 8 × 8 blue PNG: a real image for the upload, re-encoded by the server.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWOQm/AfK2IYWhIAr+9rQV8JYcwAAAAASUVORK5CYII=',
  'base64',
);

interface WorkOrderDetail {
  id: number;
  state: string;
  alarm: { id: number } | null;
  device: { id: number } | null;
  plant: { id: number } | null;
  assignee: { id: number; name: string } | null;
  images: { id: number; contentType: string }[];
  events: { kind: string; toState: string | null }[];
}

/** The drawer's state tag once it reads `state`. */
const expectState = (page: Page, state: string) =>
  expect
    .poll(() => page.getByTestId('work-order-drawer').getByTestId('work-order-state').innerText(), { timeout: WAIT_MS })
    .toBe(state);

test.describe('work orders', () => {
  const journey = setupJourney();
  let alarm: ListedAlarm;

  test.beforeAll(async () => {
    test.setTimeout(FIRST_ALARM_MS);
    alarm = await waitForAlarm(journey, 'state=active&sort=raisedAt&order=asc');
  });

  test('takes a work order from an alarm to closed: prefilled, assigned, worked, resolved, closed, with an image', async () => {
    const assignee = await journey.userWith(['A'], 'woTech');
    const page = await journey.open();
    await loginViaForm(page, 'admin', ADMIN_PASSWORD);

    // The alarm's drawer offers a work order filled in with its plant, device and alarm.
    await page.goto(`/alarmCenter/alarmSearch?alarm=${alarm.id}`);
    await page.getByTestId('alarm-drawer').getByTestId('alarm-timeline').waitFor();
    await page.getByTestId('alarm-detail-work-order').click();
    await page.waitForURL('**/workOrders?**');
    await expectTitle(page, 'Work orders');
    const form = page.getByTestId('work-order-form');
    expect(await form.getByTestId('work-order-form-source').innerText()).toBe(
      `From alarm #${alarm.id} on device ${alarm.sn}`,
    );
    expect(await form.getByTestId('work-order-form-title').inputValue()).toBe(alarm.name.slice(0, 120));
    // The plant's name once the form's choices have loaded (until then the select shows its id).
    await expect(form.locator('.ant-select-disabled').first()).toContainText(alarm.plantName ?? '');
    // Ant Design's DatePicker takes a typed day when the field is left.
    await form.getByTestId('work-order-form-due').fill('2099-01-31');
    await form.getByTestId('work-order-form-due').press('Tab');
    await page.getByTestId('work-order-form-submit').click();

    // Created, it opens in the drawer (the link the in-app messages use).
    await expect.poll(() => location(page)).toMatch(/^\/workOrders\?open=\d+$/);
    const id = Number(new URL(page.url()).searchParams.get('open'));
    const drawer = page.getByTestId('work-order-drawer');
    await expectState(page, 'Open');

    // Assign to the new account (below admin), then upload a picture.
    await drawer.locator('[data-testid="work-order-assignee"]').first().click();
    await page.keyboard.type(assignee.username);
    await page.locator('.ant-select-item-option-active').filter({ hasText: assignee.username }).waitFor();
    await page.keyboard.press('Enter');
    await drawer.getByTestId('work-order-assign').click();
    await expectState(page, 'Assigned');
    await drawer.getByTestId('work-order-image-input').setInputFiles({
      name: 'site.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await drawer.getByTestId('work-order-images').locator('img').first().waitFor();

    // Admin is above the assignee: the assignee's steps are offered to them too.
    for (const [action, state] of [
      ['start', 'In progress'],
      ['resolve', 'Resolved'],
      ['close', 'Closed'],
    ] as const) {
      await drawer.getByTestId(`work-order-${action}`).click();
      await expectState(page, state);
    }
    await drawer.getByTestId('work-order-reopen').waitFor();
    expect(await drawer.getByTestId('work-order-start').count()).toBe(0);

    const order = await journey.api.call<WorkOrderDetail>('GET', `/api/work-orders/${id}`, { token: journey.admin });
    expect(order).toMatchObject({
      state: 'closed',
      alarm: { id: alarm.id },
      device: { id: alarm.deviceId },
      plant: { id: alarm.plantId },
    });
    expect(order.images.map((i) => i.contentType)).toEqual(['image/png']);
    expect(order.events.map((e) => e.toState ?? e.kind)).toEqual([
      'open',
      'assigned',
      'imageAdded',
      'inProgress',
      'resolved',
      'closed',
    ]);
    // The served picture is the server's re-encoding, with its real type.
    const image = await page.request.get(`/api/work-orders/${id}/images/${order.images[0]!.id}`);
    expect(image.headers()['content-type']).toBe('image/png');
    expect(image.headers()['x-content-type-options']).toBe('nosniff');

    // The list shows it closed, counted under Closed.
    await drawer.page().keyboard.press('Escape');
    await expect.poll(() => location(page)).toBe('/workOrders');
    await page.getByTestId(`work-order-row-${id}`).getByText('Closed').waitFor();
  });
});

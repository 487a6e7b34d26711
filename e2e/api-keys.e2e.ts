import { expect, request, test, type APIRequestContext } from '@playwright/test';
import { USER_PASSWORD, loginViaForm, setupJourney, unique } from './support/journey.js';
import { plantBody } from './support/plants.js';
import { demoPlantIds, fleetViewer } from './support/scope.js';

// API keys (issue 40): a user makes a key for a program in the personal centre, the program calls the API with it as
// `Authorization: Bearer <key>` within the key's plants and access, until the user revokes it.

interface Envelope<T> {
  code: string;
  msg: string;
  data: T;
}

test.describe('API keys', () => {
  const journey = setupJourney();
  let program: APIRequestContext | undefined;

  test.afterEach(async () => {
    await program?.dispose();
    program = undefined;
  });

  test('a read-only key for one plant reads that plant only, may not write, and stops when revoked', async () => {
    // A user of the journey's own whose scope is the demo fleet: more than one plant, so the key's limit shows.
    const owner = await fleetViewer(journey, ['A', 'A/A', 'A:plant.add', 'B', 'B/A'], 'apikey');
    const plantIds = await demoPlantIds(journey);
    expect(plantIds.length).toBeGreaterThan(1);
    const plant = await journey.api.call<{ plantId: number; name: string }>('GET', `/api/plants/${plantIds[0]}`, {
      token: journey.admin,
    });

    const page = await journey.open();
    await loginViaForm(page, owner.username, USER_PASSWORD, '/personalCenter');
    await page.getByTestId('api-key-create').click();
    const name = unique('desk');
    await page.getByTestId('api-key-name').fill(name);
    // Read only is the default, and so are the pages the user holds.
    await expect(page.getByRole('radio', { name: 'Read only' })).toBeChecked();
    await page.getByRole('radio', { name: 'Chosen plants' }).check();
    // The list of the fleet is long and drawn in part: the search brings the plant into it.
    await page.getByTestId('api-key-plants').click();
    await page.keyboard.type(plant.name);
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .getByText(plant.name, { exact: true })
      .click();
    // Chosen: the plant is a tag in the field (the search is cleared, the list shows the whole fleet again).
    await page.getByTestId('api-key-plants').getByText(plant.name, { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('api-key-submit').click();

    // Shown once: the key, and a first call to try with it.
    const key = await page.getByTestId('api-key-secret').locator('code').innerText();
    expect(key).toMatch(/^vf_[\w-]{20,}$/);
    await expect(page.getByTestId('api-key-example')).toContainText(`Authorization: Bearer ${key}`);
    await expect(page.getByTestId('api-key-created')).toContainText('The key is shown only now');
    await page.getByTestId('api-key-done').click();
    const row = page.getByTestId('api-keys-table').locator('tbody tr', { hasText: name });
    await expect(row).toContainText(key.slice(0, 10));
    await expect(row).toContainText('Read only');
    await expect(row).toContainText(plant.name);
    await expect(row.getByTestId('api-key-state')).toHaveText('Active');
    // The list never shows the key again.
    await expect(page.getByTestId('api-keys')).not.toContainText(key);

    // A program: no cookie, the key in its header.
    program = await request.newContext({
      baseURL: journey.baseUrl,
      extraHTTPHeaders: { ...journey.headers, Authorization: `Bearer ${key}` },
    });
    const plants = await program.get('/api/plants', { params: { status: 'all' } });
    expect(plants.status()).toBe(200);
    const listed = ((await plants.json()) as Envelope<{ plantId: number }[]>).data;
    expect(listed.map((p) => p.plantId)).toEqual([plant.plantId]);

    // Read only: a change is refused whatever the body.
    const write = await program.post('/api/plants', { data: plantBody(unique('apikey_plant')) });
    expect(write.status()).toBe(403);
    expect(((await write.json()) as Envelope<null>).msg).toContain('may only read');

    // The page shows the call (time and address), after a reload.
    await page.reload();
    await expect(row).toContainText(journey.clientIp);

    // Revoked in the page: the next call is refused.
    await row.getByRole('button', { name: 'Revoke' }).click();
    await page.getByTestId('api-key-revoke-ok').click();
    await expect(row.getByTestId('api-key-state')).toHaveText('Revoked');
    await expect(row.getByRole('button', { name: 'Revoke' })).toHaveCount(0);
    const after = await program.get('/api/plants');
    expect(after.status()).toBe(401);
  });
});

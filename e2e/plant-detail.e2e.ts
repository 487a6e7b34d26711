import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, USER_PASSWORD, WAIT_MS, expectTitle, loginViaForm, setupJourney } from './support/journey.js';
import { fleetViewer } from './support/scope.js';

/** The demo inverters report every 30–60 s: within this the fleet has generated something. */
const DATA_WAIT_MS = 150_000;

interface Summary {
  counts: { all: number };
  energy: { total: { pvKwh: number } };
  earnings: { total: { currency: string; amount: number }[] };
}
interface ListedPlant {
  plantId: number;
  name: string;
}
interface Generation {
  kind: 'power' | 'energy';
  labels: string[];
  pvPowerW?: (number | null)[];
  pvKwh?: number[];
}
interface Trend {
  labels: string[];
  series: { quantity: string; valuesKwh: number[] }[];
}
interface Overview {
  power: {
    pvPowerW: number | null;
    loadPowerW: number | null;
    gridPowerW: number | null;
    batPowerW: number | null;
    batSocPct: number | null;
  };
}

const en = (value: number, decimals: number) => value.toLocaleString('en-US', { maximumFractionDigits: decimals });
/**
 * A power as the energy-flow graph writes it in English, its size without the sign, in the graph's one unit: W while
 * every power is below 10 kW, kW (two decimals) while below 10 MW, MW above.
 */
const enPower = (w: number | null, all: readonly (number | null)[]) => {
  const largest = Math.max(0, ...all.map((v) => Math.abs(v ?? 0)));
  const [unit, factor] = largest >= 10_000_000 ? ['MW', 1e6] : largest >= 10_000 ? ['kW', 1e3] : ['W', 1];
  return w === null ? '—' : `${en(Math.abs(w) / factor, factor === 1 ? 0 : 2)} ${unit}`;
};
const enSoc = (pct: number | null) =>
  pct === null ? '—' : (pct / 100).toLocaleString('en-US', { style: 'percent', maximumFractionDigits: 1 });
/** Which way the graph's line runs for a power whose positive sign flows into the inverter. */
const inwards = (w: number | null) => (w === null || Math.abs(w) < 0.5 ? 'none' : w > 0 ? 'in' : 'out');

/** Hovers the chart over slot `index` and returns the tooltip's value text for the series `key`. */
async function tooltipAt(chart: Locator, index: number, count: number, key: string): Promise<string> {
  const hover = chart.getByTestId('chart-hover');
  await hover.scrollIntoViewIfNeeded();
  const box = (await hover.boundingBox())!;
  await chart.page().mouse.move(box.x + ((index + 0.5) * box.width) / count, box.y + box.height / 2);
  const row = chart.getByTestId(`chart-tooltip-${key}`).locator('[data-value]');
  await row.waitFor();
  return row.innerText();
}

/** The data of the next answer the page receives from an API path (what the page then draws). */
function answerTo<T>(page: Page, path: string): Promise<T> {
  return page
    .waitForResponse((res) => new URL(res.url()).pathname === path && res.ok(), { timeout: WAIT_MS })
    .then(async (res) => ((await res.json()) as { data: T }).data);
}

interface Realtime {
  timeZone: string;
  devices: {
    sn: string;
    ts: string | null;
    groups: { group: string; values: { key: string; unit: string; decimals: number; value: number | null }[] }[];
  }[];
}

/** The index of the last slot holding a positive number, or -1. */
const lastPositive = (values: readonly (number | null)[]) => values.findLastIndex((v) => v !== null && v > 0);

test.describe('plant statistics and plant detail', () => {
  const journey = setupJourney();
  const get = <T>(url: string) => journey.api.call<T>('GET', url, { token: journey.admin });

  /**
   * A demo plant whose readings today already draw a power curve and have added up to PV energy, in the month and in
   * at least one 5-minute slot of today's trend (just after sunrise the power is positive before any slot's energy is).
   */
  async function plantWithGeneration(): Promise<{ plant: ListedPlant; generation: Generation }> {
    let found: { plant: ListedPlant; generation: Generation } | undefined;
    await expect
      .poll(
        async () => {
          for (const plant of await get<ListedPlant[]>('/api/plants')) {
            const generation = await get<Generation>(`/api/plants/${plant.plantId}/generation?range=day`);
            if (lastPositive(generation.pvPowerW ?? []) < 0) continue;
            const trend = await get<Trend>(`/api/plants/${plant.plantId}/trend?range=day&quantities=pv`);
            if (lastPositive(trend.series.find((x) => x.quantity === 'pv')?.valuesKwh ?? []) < 0) continue;
            const month = await get<Generation>(`/api/plants/${plant.plantId}/generation?range=month`);
            if (lastPositive(month.pvKwh ?? []) >= 0) return Boolean((found = { plant, generation }));
          }
          return false;
        },
        { timeout: DATA_WAIT_MS, intervals: [5000] },
      )
      .toBe(true);
    return found!;
  }

  async function signIn(): Promise<Page> {
    const page = await journey.open();
    await loginViaForm(page, 'admin', ADMIN_PASSWORD);
    return page;
  }

  test('lands on the statistics with the demo fleet’s generation, counts and trend', async () => {
    test.setTimeout(DATA_WAIT_MS + 60_000);
    // Signed in as a viewer of the demo fleet: the administrator's scope also holds the plants other journeys make
    // and delete meanwhile, which the page and the API could each count at a different moment.
    const viewer = await fleetViewer(journey, ['A', 'A/A'], 'statsViewer');
    const asViewer = <T>(url: string) => journey.api.call<T>('GET', url, { token: viewer.token });
    await expect
      .poll(async () => (await asViewer<Summary>('/api/plant-statistics/summary')).energy.total.pvKwh, {
        timeout: DATA_WAIT_MS,
        intervals: [5000],
      })
      .toBeGreaterThan(0);
    const page = await journey.open();
    const drawn = answerTo<Trend>(page, '/api/plant-statistics/trend');
    await loginViaForm(page, viewer.username, USER_PASSWORD);
    await page.waitForURL('**/plantCenter/plantStatistics');
    await expectTitle(page, 'Plant statistics');
    const summary = await asViewer<Summary>('/api/plant-statistics/summary');
    expect(await page.getByTestId('stats-count-all').innerText()).toBe(String(summary.counts.all));
    const total = await page.getByTestId('stats-energy-pv-total').innerText();
    expect(Number.parseFloat(total.replace(/,/g, ''))).toBeGreaterThan(0);
    // Earnings: a row per currency the fleet earns in, each cell one line (not a cell of six currencies).
    const currencies = [...new Set(summary.earnings.total.map((m) => m.currency))];
    expect(currencies.length).toBeGreaterThan(1);
    for (const currency of currencies) {
      const cell = page.getByTestId(`stats-earnings-${currency}-total`);
      expect(await cell.innerText()).not.toContain('\n');
      const box = (await cell.boundingBox())!;
      const energyBox = (await page.getByTestId('stats-energy-pv-total').boundingBox())!;
      expect(box.height).toBeLessThanOrEqual(energyBox.height + 1);
    }

    const chart = page.getByTestId('stats-trend-chart');
    await chart.locator('rect.chart-bar').first().waitFor();
    const trend = await drawn;
    const pv = trend.series.find((s) => s.quantity === 'pv')!.valuesKwh;
    const slot = lastPositive(pv);
    expect(slot).toBeGreaterThanOrEqual(0);
    expect(await tooltipAt(chart, slot, trend.labels.length, 'pv')).toBe(`${en(pv[slot]!, 3)} kWh`);
  });

  test('opens a plant and renders every tab, with charts drawn from the stored figures', async () => {
    test.setTimeout(DATA_WAIT_MS + 90_000);
    const { plant } = await plantWithGeneration();
    const page = await signIn();
    await page.goto(`/plantCenter/plantList/${plant.plantId}`);
    await expectTitle(page, plant.name);
    await expect.poll(() => page.getByTestId('detail-clock').innerText()).toMatch(/UTC[+-]\d+/);
    await page.getByTestId('detail-today-pv').waitFor();

    // The energy-flow graph shows the overview's live figures and directions. A reading can arrive between the
    // page's answer and the test's, so they are compared until they agree (each mismatch is named).
    const flow = async () => {
      const { power } = await get<Overview>(`/api/plants/${plant.plantId}/overview`);
      const all = [power.pvPowerW, power.loadPowerW, power.gridPowerW, power.batPowerW];
      const expected: [string, string][] = [
        ['energy-flow-pv-power', enPower(power.pvPowerW, all)],
        ['energy-flow-load-power', enPower(power.loadPowerW, all)],
        ['energy-flow-grid-power', enPower(power.gridPowerW, all)],
        ['energy-flow-battery-power', enPower(power.batPowerW, all)],
        ['energy-flow-battery-soc', enSoc(power.batSocPct)],
      ];
      const shown = await Promise.all(expected.map(([id]) => page.getByTestId(id).textContent()));
      const lines: [string, string][] = [
        ['energy-flow-grid-line', inwards(power.gridPowerW)],
        ['energy-flow-battery-line', inwards(power.batPowerW)],
      ];
      const drawn = await Promise.all(lines.map(([id]) => page.getByTestId(id).getAttribute('data-direction')));
      return [
        ...expected.map(([id, want], i) => (shown[i] === want ? id : `${id}: ${shown[i]} ≠ ${want}`)),
        ...lines.map(([id, want], i) => (drawn[i] === want ? id : `${id}: ${drawn[i]} ≠ ${want}`)),
      ];
    };
    await expect
      .poll(flow, { timeout: WAIT_MS, intervals: [1000] })
      .toEqual([
        'energy-flow-pv-power',
        'energy-flow-load-power',
        'energy-flow-grid-power',
        'energy-flow-battery-power',
        'energy-flow-battery-soc',
        'energy-flow-grid-line',
        'energy-flow-battery-line',
      ]);
    // The demo plants generate: the figures are numbers, not the "—" of a plant that reports nothing.
    expect(await page.getByTestId('energy-flow-pv-power').textContent()).toMatch(/^[\d,.]+ k?W$/);

    await page.getByTestId('detail-tab-associated').click();
    await page.getByTestId('detail-devices').locator('[data-testid^="detail-device-"]').first().waitFor();
    await page.getByTestId('detail-tab-info').click();
    await expect.poll(() => page.getByTestId('detail-field-name').innerText()).toBe(plant.name);

    // Generation: today's PV power curve; the tooltip shows the API's number for a slot.
    const generationAnswer = answerTo<Generation>(page, `/api/plants/${plant.plantId}/generation`);
    await page.getByTestId('detail-tab-generation').click();
    const generationChart = page.getByTestId('detail-generation-chart');
    // A curve of one reading so far is a dot: the path exists but has no length.
    await generationChart.locator('path.chart-line').waitFor({ state: 'attached' });
    const generation = await generationAnswer;
    const at = lastPositive(generation.pvPowerW!);
    // The axis (and its tooltip) is in the unit of the curve's largest value: kW from 10,000 W on.
    const inKw = Math.max(...generation.pvPowerW!.map((w) => w ?? 0)) >= 10_000;
    const watts = generation.pvPowerW![at]!;
    expect(await tooltipAt(generationChart, at, generation.labels.length, 'pvPowerW')).toBe(
      inKw ? `${en(watts / 1000, 2)} kW` : `${en(watts, 0)} W`,
    );
    await page.getByTestId('detail-generation-range').getByText('Month', { exact: true }).click();
    await generationChart.locator('rect.chart-bar').first().waitFor();
    // Another month, picked in Ant Design's picker (loaded when the field is reached for): the chart asks for it.
    const monthField = page.getByTestId('detail-generation-range').getByTestId('chart-date');
    const shown = await monthField.evaluate((el) => (el instanceof HTMLInputElement ? el.value : el.textContent));
    expect(shown).toMatch(/^\d{4}-\d{2}$/);
    const other = `${shown!.slice(0, 4)}-${shown!.endsWith('-01') ? '02' : '01'}`;
    const otherMonth = page.waitForResponse(
      (res) =>
        new URL(res.url()).pathname === `/api/plants/${plant.plantId}/generation` &&
        new URL(res.url()).searchParams.get('date') === `${other}-01` &&
        res.ok(),
      { timeout: WAIT_MS },
    );
    await monthField.click();
    await page.locator(`.ant-picker-dropdown:visible td[title="${other}"]`).click();
    await otherMonth;
    await expect(page.locator('input[data-testid="chart-date"]')).toHaveValue(other);

    // Trend: PV energy per 5 minutes of today.
    const trendAnswer = answerTo<Trend>(page, `/api/plants/${plant.plantId}/trend`);
    await page.getByTestId('detail-tab-trend').click();
    const trendChart = page.getByTestId('detail-trend-chart');
    await trendChart.locator('path.chart-line').first().waitFor({ state: 'attached' });
    const trend = await trendAnswer;
    const pv = trend.series.find((s) => s.quantity === 'pv')!.valuesKwh;
    const slot = lastPositive(pv);
    expect(slot).toBeGreaterThanOrEqual(0);
    expect(await tooltipAt(trendChart, slot, trend.labels.length, 'pv')).toBe(`${en(pv[slot]!, 3)} kWh`);

    await page.getByTestId('detail-tab-weather').click();
    await page.locator('[data-testid="weather-forecast"], [data-testid="weather-unavailable"]').first().waitFor();
    await page.getByTestId('detail-tab-savings').click();
    await expect.poll(() => page.getByTestId('detail-savings').locator('tbody tr').count()).toBe(4);
  });

  test('switches to detailed data: every live value of each device by group, with units, on a desktop and a phone', async () => {
    test.setTimeout(DATA_WAIT_MS + 60_000);
    // A demo plant with an inverter that has reported (the demo fleet starts reporting within a minute).
    let found: { plantId: number; name: string; sn: string } | undefined;
    await expect
      .poll(
        async () => {
          for (const plant of await get<ListedPlant[]>('/api/plants')) {
            const realtime = await get<Realtime>(`/api/plants/${plant.plantId}/realtime`);
            const device = realtime.devices.find((d) => d.ts !== null);
            if (device) return Boolean((found = { ...plant, sn: device.sn }));
          }
          return false;
        },
        { timeout: DATA_WAIT_MS, intervals: [5000] },
      )
      .toBe(true);
    const { plantId, name, sn } = found!;
    const page = await signIn();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/plantCenter/plantList/${plantId}`);
    await expectTitle(page, name);
    await page.getByTestId('detail-view-detailed').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('view')).toBe('detailed');

    const device = page.getByTestId(`detailed-device-${sn}`);
    await device.waitFor();
    // The groups the device's real-time tab shows, each headed by its catalogue name.
    for (const [group, heading] of [
      ['pv', 'PV'],
      ['grid', 'Grid'],
      ['load', 'Consumption'],
      ['bms', 'Battery'],
      ['pcs', 'Inverter'],
    ] as const)
      await expect(page.getByTestId(`detailed-group-${sn}-${group}`)).toContainText(heading);
    await expect(page.getByTestId(`detailed-time-${sn}`)).toContainText(
      /Measured \d{4}-\d{2}-\d{2} [\d:]+ UTC[+-]?\d*/,
    );
    // The values are the API's, with their units: compared until a reading arriving in between has reached both.
    const values = async () => {
      const realtime = await get<Realtime>(`/api/plants/${plantId}/realtime`);
      const groups = realtime.devices.find((d) => d.sn === sn)!.groups;
      const pv = groups.find((g) => g.group === 'pv')!.values.find((v) => v.key === 'pvPowerW')!;
      const shown = await page.getByTestId(`detailed-${sn}-pvPowerW`).innerText();
      return pv.value === null ? shown === '—' : shown === `${en(pv.value, 0)} W`;
    };
    await expect.poll(values, { timeout: WAIT_MS, intervals: [1000] }).toBe(true);
    await expect(page.getByTestId(`detailed-${sn}-gridFrequencyHz`)).toHaveText(/^(—|[\d,.]+ Hz)$/);
    await expect(page.getByTestId(`detailed-${sn}-pcsTempC`)).toHaveText(/^(—|-?[\d,.]+ °C)$/);

    // It fits: no sideways scrolling of the page at 1440 px, nor on a phone.
    const sideways = () =>
      page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
    expect(await sideways()).toBe(false);
    await page.setViewportSize({ width: 390, height: 844 });
    await device.waitFor();
    await expect.poll(sideways).toBe(false);

    await page.getByTestId('detail-view-basic').click();
    await page.getByTestId('detail-today-pv').waitFor();
    expect(await page.getByTestId('detailed-data').count()).toBe(0);
  });

  test('a signed-in arrival on a plant asks for its figures beside the page’s code, once, and shows them', async () => {
    const [plant] = await get<ListedPlant[]>('/api/plants');
    const page = await signIn();
    // No live channel: a reading of the plant arriving meanwhile asks for the overview again, by design.
    await page.routeWebSocket(/\/api\/ws/, () => undefined);
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await page.goto(`/plantCenter/plantList/${plant!.plantId}`);
    await expectTitle(page, plant!.name);
    const overview = `/api/plants/${plant!.plantId}/overview`;
    // Once: the page's own request took the early answer. Before the page's chunk: it did not wait for the code.
    expect(asked.filter((path) => path === overview)).toHaveLength(1);
    const chunk = asked.findIndex((path) => /\/assets\/plant-detail-route-[^/]*\.js$/.test(path));
    expect(chunk).toBeGreaterThan(-1);
    expect(asked.indexOf(overview)).toBeLessThan(chunk);
  });

  test('a signed-in arrival paints the shell and the plant together: the route’s loading spinner never shows', async () => {
    const [plant] = await get<ListedPlant[]>('/api/plants');
    const page = await signIn();
    // Shown, the spinner made React hold the page back for 300 ms after its code was in (lib/lazy-load.ts).
    await page.addInitScript(() => {
      const seen = window as unknown as { routeSpinnerShown?: boolean };
      new MutationObserver(() => {
        if (document.querySelector('[data-testid=route-loading]')) seen.routeSpinnerShown = true;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`/plantCenter/plantList/${plant!.plantId}`);
    await expectTitle(page, plant!.name);
    expect(await page.evaluate(() => (window as unknown as { routeSpinnerShown?: boolean }).routeSpinnerShown)).toBe(
      undefined,
    );
  });

  test('answers a plant outside the scope like a missing one, and needs the plant module', async () => {
    const page = await signIn();
    await page.goto('/plantCenter/plantList/2000000000');
    await expect
      .poll(
        () =>
          page
            .getByTestId('detail-not-found')
            .innerText({ timeout: 1000 })
            .catch(() => ''),
        {
          timeout: WAIT_MS,
        },
      )
      .toContain('Cannot find this plant');

    const { username } = await journey.userWith(['B', 'B/A'], 'nodetail');
    const other = await journey.open();
    await loginViaForm(other, username, 'Journey-pw-1');
    // Typed in the address bar: a link's `from` to an unregistered route would lead home instead.
    await other.goto('/plantCenter/plantList/1');
    // Without the plant list the detail route is not registered: the shell's "not found" page answers.
    await expectTitle(other, '404');
    expect(await other.getByTestId('detail-tabs').count()).toBe(0);
  });
});

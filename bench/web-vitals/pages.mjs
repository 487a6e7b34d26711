// The pages bench/web-vitals/run.mjs measures: where each is, what shows that its data is in, and the interactions
// a person makes on it (label, action), for a desktop and for a phone.

const byText = (page, testId, text) => page.getByTestId(testId).getByText(text, { exact: true });

/** A plant's detail, one for a desktop and a phone: where it is and what shows that its data is in. */
const plantDetail = (plantId) => ({
  key: 'plant detail',
  path: `/plantCenter/plantList/${plantId}`,
  ready: async (page) => {
    // The energy-flow graph (issue 17) with the plant's live power, and today's energy.
    await page.getByTestId('energy-flow-pv-power').waitFor();
    await page.getByTestId('detail-today-pv').waitFor();
  },
});

/** A device's detail: its serial number field shows with its data. */
const deviceDetail = (deviceId) => ({
  key: 'device detail',
  path: `/deviceCenter/deviceList/${deviceId}`,
  ready: (page) => page.getByTestId('device-field-sn').waitFor(),
});

/** The phone's pages (issue 41): what an installer opens on a roof, with a phone's interactions. */
export function phonePagesFor(plantId, deviceId) {
  return [
    {
      ...plantDetail(plantId),
      interactions: [
        ['tab: Trend chart', (page) => page.getByTestId('detail-tab-trend').tap()],
        ['tab: Generation', (page) => page.getByTestId('detail-tab-generation').tap()],
      ],
    },
    {
      key: 'alarm search',
      path: '/alarmCenter/alarmSearch',
      // The list's first answer shown (its cards, or the empty list), as the other pages wait for their data.
      ready: async (page) => {
        await page.getByTestId('alarm-filter-sheet-open').waitFor();
        await page.locator('[data-testid^="alarm-card-"], .ant-empty').first().waitFor();
      },
      interactions: [
        ['open the filter sheet', (page) => page.getByTestId('alarm-filter-sheet-open').tap()],
        ['close it (Escape)', (page) => page.keyboard.press('Escape')],
      ],
    },
    {
      ...deviceDetail(deviceId),
      interactions: [
        ['tab: Real-time data', (page) => page.getByRole('tab', { name: 'Real-time data' }).tap()],
        ['tab: Basic info', (page) => page.getByRole('tab', { name: 'Basic info' }).tap()],
      ],
    },
  ];
}

/** The pages: where, what shows that its data is in, and its interactions (label, action). */
export function pagesFor(plantId, deviceId) {
  return [
    {
      key: 'plant statistics',
      path: '/plantCenter/plantStatistics',
      ready: async (page) => {
        await page.getByTestId('stats-energy').waitFor();
        await page.getByTestId('stats-trend-chart').locator('svg, canvas').first().waitFor();
      },
      interactions: [
        ['trend range: Month', (page) => byText(page, 'stats-trend-range', 'Month').click()],
        ['trend range: Year', (page) => byText(page, 'stats-trend-range', 'Year').click()],
        ['trend range: Day', (page) => byText(page, 'stats-trend-range', 'Day').click()],
      ],
    },
    {
      ...plantDetail(plantId),
      interactions: [
        ['tab: Trend chart', (page) => page.getByTestId('detail-tab-trend').click()],
        ['open select: trend quantities', (page) => page.getByTestId('detail-trend-quantities').click()],
        ['close select (Escape)', (page) => page.keyboard.press('Escape')],
        ['trend range: Month', (page) => byText(page, 'detail-trend-range', 'Month').click()],
        ['tab: Associated info', (page) => page.getByTestId('detail-tab-associated').click()],
        ['tab: Generation', (page) => page.getByTestId('detail-tab-generation').click()],
      ],
    },
    {
      ...deviceDetail(deviceId),
      interactions: [
        ['tab: Real-time data', (page) => page.getByRole('tab', { name: 'Real-time data' }).click()],
        ['tab: History curve', (page) => page.getByRole('tab', { name: 'History curve' }).click()],
        ['open select: history parameters', (page) => page.getByTestId('history-fields').click()],
        ['close select (Escape)', (page) => page.keyboard.press('Escape')],
        ['history range: Last 3 days', (page) => byText(page, 'history-range', 'Last 3 days').click()],
        ['tab: Basic info', (page) => page.getByRole('tab', { name: 'Basic info' }).click()],
      ],
    },
    {
      key: 'device list (paging)',
      path: '/deviceCenter/deviceList',
      ready: (page) => page.locator('[data-testid^="device-link-"]').first().waitFor(),
      interactions: [
        ['next page', (page) => page.getByRole('button', { name: 'Next page' }).click()],
        ['previous page', (page) => page.getByRole('button', { name: 'Previous page' }).click()],
        ['next page again', (page) => page.getByRole('button', { name: 'Next page' }).click()],
      ],
    },
  ];
}

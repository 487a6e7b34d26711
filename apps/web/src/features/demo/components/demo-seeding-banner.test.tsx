import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DemoSeedingStatus } from '@voltfleet/domain/demo';
import type { Lang } from '@voltfleet/domain/i18n';
import { fakeApi, ok } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { DEMO_SEEDING_POLL_MS } from '../api/get-demo-seeding';
import { DemoSeedingBanner } from './demo-seeding-banner';
import { COMPLETE_NOTE_MS } from './use-seeding-complete';

const SEEDING = 'GET /api/demo/seeding';

function status(fields: Partial<DemoSeedingStatus>): DemoSeedingStatus {
  return {
    state: 'running',
    phase: 'history',
    percent: 42.5,
    simulatedUntil: '2026-03-14T23:30:00.000Z',
    days: 395,
    readings: 1_200_000,
    readingsPerSecond: 9000,
    ...fields,
  };
}

/** A fake server answering the seeding status with each of `answers` in turn, then the last one for ever. */
function seedingServer(...answers: DemoSeedingStatus[]) {
  let next = 0;
  const api = fakeApi({ [SEEDING]: () => ok(answers[Math.min(next++, answers.length - 1)]) });
  return { seedingCalls: () => api.callsTo(SEEDING).length };
}

/** Lets the polls' timers run as if `ms` had passed, and the answers they fetch arrive. */
const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

const renderBanner = (lang: Lang = 'en') => renderWithProviders(<DemoSeedingBanner />, { lang });

describe('demo seeding banner', () => {
  // Real time keeps running (the requests resolve), and the polls can be moved on without waiting for them.
  beforeEach(() => void vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => void vi.useRealTimers());

  it('shows how far the months before the last week are, up to which UTC day, with a progress bar', async () => {
    seedingServer(status({}));
    await renderBanner();
    const banner = await screen.findByRole('status');
    expect(banner).toHaveTextContent(
      'The last week is ready and the fleet is live; the months before it are being filled: 42% (up to 2026-03-14). ' +
        'Month, year and total figures grow until it is done.',
    );
    expect(banner).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByRole('progressbar', { name: 'Demo history progress' })).toHaveAttribute('aria-valuenow', '42.5');
  });

  it.each([
    ['de', 'die Monate davor werden gefüllt: 42 % (bis 2026-03-14).'],
    ['cs', 'doplňují se měsíce před ním: 42 % (do 2026-03-14).'],
    ['zh', '正在填充此前数月的数据：42%（截至 2026-03-14）。'],
  ] as const)('says it in %s', async (lang, text) => {
    seedingServer(status({}));
    await renderBanner(lang);
    expect(await screen.findByRole('status')).toHaveTextContent(text);
  });

  it('says that the last week comes first and the fleet goes live after it, in the recent phase', async () => {
    seedingServer(status({ phase: 'recent', percent: 7.9, simulatedUntil: '2026-12-01T10:00:00.000Z' }));
    await renderBanner();
    expect(await screen.findByRole('status')).toHaveTextContent(
      "The demo's last week is being filled: 7% (up to 2026-12-01). The simulated inverters go live when it reaches now.",
    );
  });

  it('says that the earnings are being priced in the earnings phase', async () => {
    seedingServer(status({ phase: 'earnings', percent: 91.3 }));
    await renderBanner();
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Demo history is being completed: 91%, its earnings are being priced.',
    );
  });

  it('says that it is being prepared while pending', async () => {
    seedingServer(status({ state: 'pending', phase: null, percent: 0, simulatedUntil: null }));
    await renderBanner();
    expect(await screen.findByRole('status')).toHaveTextContent('Demo history is being prepared.');
  });

  it.each(['done', 'off'] as const)('shows nothing and stops asking when %s', async (state) => {
    const server = seedingServer(status({ state, phase: null, percent: state === 'done' ? 100 : 0 }));
    const { container } = await renderBanner();
    await vi.waitFor(() => expect(server.seedingCalls()).toBe(1));
    await pass(3 * DEMO_SEEDING_POLL_MS);
    expect(server.seedingCalls()).toBe(1);
    expect(screen.queryByRole('status')).toBeNull();
    expect(container).toBeEmptyDOMElement();
  });

  it('shows an error line when the seeding failed, and stops asking', async () => {
    const server = seedingServer(status({}), status({ state: 'failed', phase: null }));
    await renderBanner();
    await screen.findByText(/being filled/);
    await pass(DEMO_SEEDING_POLL_MS);
    const line = await screen.findByText('The demo history could not be completed (see the server log).');
    expect(line.closest('.ant-alert')).toHaveClass('ant-alert-error');
    await pass(3 * DEMO_SEEDING_POLL_MS);
    expect(server.seedingCalls()).toBe(2);
  });

  it('polls while running; when done it notes so, refetches every query, stops polling and the note fades', async () => {
    const server = seedingServer(
      status({ percent: 20 }),
      status({ percent: 60 }),
      status({ state: 'done', percent: 100 }),
    );
    const { queryClient } = await renderBanner();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    expect(await screen.findByRole('status')).toHaveTextContent('20%');
    await pass(DEMO_SEEDING_POLL_MS);
    expect(await screen.findByText(/being filled: 60%/)).toBeInTheDocument();
    expect(invalidate).not.toHaveBeenCalled();

    await pass(DEMO_SEEDING_POLL_MS);
    expect(await screen.findByRole('status')).toHaveTextContent('Demo history complete');
    expect(invalidate).toHaveBeenCalledWith();
    await vi.waitFor(() => expect(server.seedingCalls()).toBe(4)); // the 3rd poll, then the invalidation's refetch
    await pass(3 * DEMO_SEEDING_POLL_MS);
    expect(server.seedingCalls()).toBe(4);
    await pass(COMPLETE_NOTE_MS);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('lets the completion note be dismissed', async () => {
    seedingServer(status({}), status({ state: 'done', percent: 100 }));
    const { user } = await renderBanner();
    await screen.findByText(/being filled/);
    await pass(DEMO_SEEDING_POLL_MS);
    const note = await screen.findByRole('status');
    expect(note).toHaveTextContent('Demo history complete');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText(/Demo history complete/)).toBeNull();
  });
});

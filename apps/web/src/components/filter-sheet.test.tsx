import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { asPhone } from '@/test/phone';
import { renderWithProviders } from '@/test/render';
import { FilterSheet } from './filter-sheet';

// The sheet's filters are rendered while the page is idle, so that the first tap only shows them (issue 41: a tap
// answers within 200 ms on a phone); before that they are not rendered at all, and on a desktop they are the bar.
describe('FilterSheet', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('renders the filters hidden once the page is idle, and shows them on the tap', async () => {
    // The browser's idle moment, when the test says so.
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
    vi.stubGlobal('cancelIdleCallback', () => {});
    asPhone();
    const { user } = await renderWithProviders(
      <FilterSheet count={2} closeOn="" testId="sheet">
        <input aria-label="Severity" />
      </FilterSheet>,
    );
    expect(screen.queryByLabelText('Severity')).toBeNull();
    expect(idle).toHaveLength(1);
    act(() => idle[0]?.());
    expect(screen.getByLabelText('Severity')).not.toBeVisible();
    await user.click(screen.getByTestId('sheet-open'));
    await waitFor(() => expect(screen.getByLabelText('Severity')).toBeVisible());
  });

  it('is the filter bar itself on a desktop', async () => {
    await renderWithProviders(
      <FilterSheet count={0} closeOn="" testId="sheet">
        <input aria-label="Severity" />
      </FilterSheet>,
    );
    expect(screen.getByLabelText('Severity')).toBeVisible();
    expect(screen.queryByTestId('sheet-open')).toBeNull();
  });
});

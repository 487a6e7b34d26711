import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { asPhone } from '@/test/phone';
import { renderWithProviders } from '@/test/render';
import { FilterSheet } from './filter-sheet';

// The sheet's filters are rendered hidden after the page's first paint, so that the first tap only shows them (issue
// 41: a tap answers within 200 ms on a phone); on a desktop they are the bar itself.
describe('FilterSheet', () => {
  afterEach(() => vi.restoreAllMocks());

  it('renders the filters hidden after the first paint, and shows them on the tap', async () => {
    asPhone();
    const { user } = await renderWithProviders(
      <FilterSheet count={2} closeOn="" testId="sheet">
        <input aria-label="Severity" />
      </FilterSheet>,
    );
    // In the document before any tap (the drawer renders its content only when open or forced), but not shown.
    await waitFor(() => expect(screen.getByLabelText('Severity')).not.toBeVisible());
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

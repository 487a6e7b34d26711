import { screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import HelpDialog from './help-dialog';

describe('help dialog', () => {
  it('leads to the list of upgrade notices', async () => {
    const onClose = vi.fn();
    const { user } = await renderWithProviders(
      <MemoryRouter initialEntries={['/plantCenter/plantList']}>
        <Routes>
          <Route path="/notices" element={<p>the notice list</p>} />
          <Route path="*" element={<HelpDialog onClose={onClose} noticesPath="/notices" />} />
        </Routes>
      </MemoryRouter>,
      { lang: 'de' },
    );
    await user.click(await screen.findByRole('button', { name: 'Update-Hinweise' }));
    expect(await screen.findByText('the notice list')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useFilterFormKey } from './filter-form-key';

/** A list page in miniature: the URL's query, a filter form keyed by the hook, a search that writes the query. */
function Page() {
  const [query, setQuery] = useState('category=all');
  const form = useFilterFormKey(query);
  return (
    <>
      <button onClick={() => setQuery('category=alarm')}>link</button>
      <button onClick={() => setQuery('category=all')}>back</button>
      <Filters
        key={form.key}
        initial={new URLSearchParams(query).get('category') ?? ''}
        onSubmit={(c) => setQuery(form.own(new URLSearchParams({ category: c })).toString())}
      />
    </>
  );
}

function Filters({ initial, onSubmit }: { initial: string; onSubmit: (category: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <input data-testid="category" value={value} onChange={(e) => setValue(e.target.value)} />
      <button onClick={() => onSubmit(value)}>search</button>
    </>
  );
}

describe('useFilterFormKey', () => {
  it('keeps the form (and what the user typed after searching) when the form itself wrote the query', async () => {
    const user = userEvent.setup();
    render(<Page />);
    const input = screen.getByTestId('category');
    await user.clear(input);
    await user.type(input, 'plant');
    await user.click(screen.getByText('search'));
    // The same element: not remounted by its own search.
    expect(screen.getByTestId('category')).toBe(input);
    await user.clear(input);
    await user.type(input, 'command');
    expect((screen.getByTestId('category') as HTMLInputElement).value).toBe('command');
  });

  it('starts the form again from the URL when the URL changes from elsewhere', async () => {
    const user = userEvent.setup();
    render(<Page />);
    const input = screen.getByTestId('category');
    await user.clear(input);
    await user.type(input, 'plant');
    await user.click(screen.getByText('search'));
    await user.click(screen.getByText('link'));
    expect(screen.getByTestId('category')).not.toBe(input);
    expect((screen.getByTestId('category') as HTMLInputElement).value).toBe('alarm');
    // And an own search after that keeps the new form.
    const again = screen.getByTestId('category');
    await user.click(screen.getByText('search'));
    expect(screen.getByTestId('category')).toBe(again);
  });

  it('starts again when the URL comes back to the query the form started with (the back button)', async () => {
    const user = userEvent.setup();
    render(<Page />);
    const input = screen.getByTestId('category');
    await user.clear(input);
    await user.type(input, 'plant');
    await user.click(screen.getByText('search'));
    await user.click(screen.getByText('back'));
    expect((screen.getByTestId('category') as HTMLInputElement).value).toBe('all');
  });
});

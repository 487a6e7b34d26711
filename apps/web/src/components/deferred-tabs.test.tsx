import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DeferredTabs } from './deferred-tabs';

/** Counts its renders: stands in for a pane heavy enough to matter. */
function Heavy({ onRender }: { onRender: () => void }) {
  onRender();
  return <p data-testid="heavy-content">heavy</p>;
}

/**
 * A click the way a browser delivers it, outside act(): React renders a discrete event's update in a microtask straight
 * after the event and the deferred one in a later task, which is the order this component relies on (act() would
 * flush both together). Resolves after that microtask.
 */
async function clickOutsideAct(element: HTMLElement) {
  const previous = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  try {
    element.click();
    await new Promise<void>((resolve) => queueMicrotask(resolve));
  } finally {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = previous;
  }
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('DeferredTabs', () => {
  it('answers a click on the tab bar at once and renders the new pane after, keeping a rendered pane mounted', async () => {
    const renders = { count: 0 };
    render(
      <DeferredTabs
        items={[
          { key: 'a', label: 'Basic', children: <p data-testid="light-content">light</p> },
          { key: 'b', label: 'Heavy', children: <Heavy onRender={() => (renders.count += 1)} /> },
        ]}
      />,
    );
    expect(tab('Basic').getAttribute('aria-selected')).toBe('true');
    expect(renders.count).toBe(0);

    await clickOutsideAct(tab('Heavy'));
    // Straight after the click's own render: the tab bar shows the choice, the pane is a busy box, nothing heavy ran.
    expect(tab('Heavy').getAttribute('aria-selected')).toBe('true');
    expect(document.querySelector('.deferred-tab-pending[aria-busy="true"]')).not.toBeNull();
    expect(renders.count).toBe(0);

    // Then, in a later task, the pane itself.
    await waitFor(() => expect(screen.queryByTestId('heavy-content')).not.toBeNull());
    expect(document.querySelector('.deferred-tab-pending')).toBeNull();

    // Back and forth: both panes have rendered once, so each shows its content in the click's own render.
    await clickOutsideAct(tab('Basic'));
    expect(screen.getByTestId('light-content')).toBeTruthy();
    await clickOutsideAct(tab('Heavy'));
    expect(screen.getByTestId('heavy-content')).toBeTruthy();
    expect(document.querySelector('.deferred-tab-pending')).toBeNull();
  });

  it('follows a controlled key and reports choices to its owner', async () => {
    const changed = vi.fn();
    function Owner() {
      const [key, setKey] = useState('b');
      return (
        <DeferredTabs
          activeKey={key}
          onChange={(next) => {
            changed(next);
            setKey(next);
          }}
          items={[
            { key: 'a', label: 'One', children: <p data-testid="one">one</p> },
            { key: 'b', label: 'Two', children: <p data-testid="two">two</p> },
          ]}
        />
      );
    }
    render(<Owner />);
    // The key it starts on renders at once (a link to ?tab=…).
    expect(screen.getByTestId('two')).toBeTruthy();
    expect(screen.queryByTestId('one')).toBeNull();
    fireEvent.click(tab('One'));
    expect(changed).toHaveBeenCalledWith('a');
    expect(tab('One').getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByTestId('one')).toBeTruthy();
  });
});

import { Tabs, type TabsProps } from 'antd';
import { useDeferredValue, useState } from 'react';

type TabItem = NonNullable<TabsProps['items']>[number];

export interface DeferredTabsProps extends Omit<TabsProps, 'items'> {
  items: TabItem[];
}

/**
 * Ant Design's Tabs, but a pane opened for the first time renders after the tab bar has shown the choice.
 *
 * Why: a detail page's heavier panes (the real-time groups, a chart) took 100–200 ms to render and lay out on their
 * first opening, all before the browser could paint the click's answer (bench/web-vitals: device detail's INP). The
 * chosen key is urgent (the tab bar answers in the next frame); which pane shows its content follows it as a deferred
 * value, which React renders in the background, yielding to the browser. Until then the new pane holds an empty box of
 * a pane's height, marked busy. A pane once rendered stays rendered (Ant Design keeps it mounted), so going back is
 * immediate.
 */
export function DeferredTabs({ items, activeKey, defaultActiveKey, onChange, ...rest }: DeferredTabsProps) {
  const controlled = activeKey !== undefined;
  const [own, setOwn] = useState(defaultActiveKey ?? items[0]?.key);
  const active = controlled ? activeKey : own;
  const shown = useDeferredValue(active);
  // Keys whose content has rendered once. Updated during render (React's "storing information from previous
  // renders"): adding the deferred key as soon as it arrives, with no extra effect pass.
  const [rendered, setRendered] = useState<ReadonlySet<string | undefined>>(() => new Set([active]));
  if (!rendered.has(shown)) setRendered(new Set([...rendered, shown]));
  return (
    <Tabs
      {...rest}
      activeKey={active}
      onChange={(key) => {
        if (!controlled) setOwn(key);
        onChange?.(key);
      }}
      items={items.map((item) =>
        item.key === shown || rendered.has(item.key)
          ? item
          : { ...item, children: <div className="deferred-tab-pending" aria-busy="true" style={{ minHeight: 240 }} /> },
      )}
    />
  );
}

import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { Badge, Button, Drawer } from 'antd';
import { FilterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { usePhone } from '@/lib/use-phone';
import './phone.css';

interface Props {
  /** How many filters are set (shown on the button). */
  count: number;
  /**
   * Changes when a search is made (the page's query string): the sheet then closes, showing the results. The
   * filters' own form stays the same component on a phone and a desktop.
   */
  closeOn: string;
  /** Test id prefix: `<id>-open` (the button) and `<id>` (the sheet). */
  testId: string;
  children: ReactNode;
}

/**
 * A list's filters: on a wide screen where they are (the filter bar), on a phone in a sheet from the bottom opened by
 * a "Filters" button that says how many are set.
 */
export function FilterSheet({ count, closeOn, testId, children }: Props) {
  const { t } = useTranslation();
  const phone = usePhone();
  const [open, setOpen] = useState({ on: closeOn, open: false });
  if (open.on !== closeOn) setOpen({ on: closeOn, open: false });
  const warm = useWarmAfterPaint(phone);
  if (!phone) return <>{children}</>;
  return (
    <>
      <Badge count={count} size="small" offset={[-4, 4]}>
        <Button
          className="filter-sheet-button"
          icon={<FilterOutlined />}
          data-testid={`${testId}-open`}
          aria-label={count > 0 ? t('common.filtersSet', { n: count }) : t('common.filters')}
          onClick={() => setOpen({ on: closeOn, open: true })}
        >
          {t('common.filters')}
        </Button>
      </Badge>
      <Drawer
        placement="bottom"
        size="85vh"
        rootClassName="filter-sheet"
        title={t('common.filters')}
        open={open.open}
        // Rendered (hidden) after the page's first paint: the first tap then only shows the sheet. Rendering the
        // filters on the tap took 340-590 ms on a phone (bench/web-vitals, mobile profile), past the 200 ms a tap may
        // take; waiting for an idle moment left it undone on a page still loading (a tap 280 ms).
        forceRender={warm}
        onClose={() => setOpen({ on: closeOn, open: false })}
      >
        <div data-testid={testId}>{children}</div>
      </Drawer>
    </>
  );
}

/**
 * True right after the first paint, on a phone only: the hidden sheet's render is then a transition, which gives way
 * to input and other updates, and is done long before a person taps (a tap during it still opens the sheet).
 */
function useWarmAfterPaint(phone: boolean): boolean {
  const [warm, setWarm] = useState(false);
  useEffect(() => {
    if (phone && !warm) startTransition(() => setWarm(true));
  }, [phone, warm]);
  return warm;
}

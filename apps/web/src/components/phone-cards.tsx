import type { Key, ReactNode } from 'react';
import { Empty, Spin } from 'antd';
import type { PagerConfig } from '@/lib/paging';
import { Pager } from './pager';
import './phone.css';

/** One line of a card: a label and what it says. */
export interface PhoneCardField {
  key: string;
  label: string;
  value: ReactNode;
}

export interface PhoneCard {
  key: Key;
  /** The card's heading; a button opening the item when `onOpen` is given. */
  title: ReactNode;
  /** Short status beside the heading (tags). */
  extra?: ReactNode;
  /** Label/value lines under the heading. */
  fields?: readonly PhoneCardField[];
  /** Or one short line instead (a compact card in a long list to pick from). */
  summary?: ReactNode;
  onOpen?: () => void;
  /** Test id of the heading's button. */
  openTestId?: string;
  /** Anything under the fields (a checkbox, actions). */
  footer?: ReactNode;
}

interface Props {
  cards: readonly PhoneCard[];
  loading?: boolean;
  /** The list's pages (the page size stays what the desktop chose: no size picker on a phone). */
  pagination?: PagerConfig;
  'data-testid'?: string;
  cardTestId?: (key: Key) => string;
}

/**
 * A list on a phone: one card per row, its heading opening it and its columns as label/value lines, instead of a
 * table wider than the screen.
 */
export function PhoneCards({ cards, loading = false, pagination, 'data-testid': testId, cardTestId }: Props) {
  return (
    <Spin spinning={loading}>
      {cards.length === 0 && !loading ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <ul className="phone-cards" data-testid={testId}>
          {cards.map((card) => (
            <li key={card.key} className="phone-card" data-testid={cardTestId?.(card.key)}>
              <div className="phone-card-head">
                {card.onOpen ? (
                  <button
                    type="button"
                    className="phone-card-title"
                    data-testid={card.openTestId}
                    onClick={card.onOpen}
                  >
                    {card.title}
                  </button>
                ) : (
                  <span className="phone-card-title">{card.title}</span>
                )}
                {card.extra}
              </div>
              {card.summary !== undefined && <div className="phone-card-summary">{card.summary}</div>}
              {card.fields && (
                <dl className="phone-card-fields">
                  {card.fields.map((field) => (
                    <div key={field.key} style={{ display: 'contents' }}>
                      <dt>{field.label}</dt>
                      <dd>{field.value}</dd>
                    </div>
                  ))}
                </dl>
              )}
              {card.footer}
            </li>
          ))}
        </ul>
      )}
      {pagination && (
        <div className="phone-cards-pager">
          <Pager {...pagination} pageSizeOptions={undefined} />
        </div>
      )}
    </Spin>
  );
}

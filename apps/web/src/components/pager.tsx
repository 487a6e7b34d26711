import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { pageCount, pageItems, type PagerConfig } from '@/lib/paging';

/**
 * Page buttons, total and page size under a list. The buttons are plain (Ant Design's Pagination would bring its
 * quick jumper and more); the page size is Ant Design's Select, like every other choice of the app, in its look and
 * language rather than the browser's.
 */
export function Pager({ current, pageSize, total, onChange, pageSizeOptions, hideOnSinglePage }: PagerConfig) {
  const { t } = useTranslation();
  const pages = pageCount(total, pageSize);
  if (hideOnSinglePage && pages <= 1) return null;
  const page = Math.min(Math.max(1, current), pages);
  const go = (to: number) => to !== page && onChange(to, pageSize);

  return (
    <nav className="pager" aria-label={t('table.pages')}>
      {pageSizeOptions && <span className="pager-total">{t('common.total', { count: total })}</span>}
      <ul>
        <li>
          <button
            type="button"
            className="pager-step"
            aria-label={t('table.previous')}
            disabled={page <= 1}
            onClick={() => go(page - 1)}
          >
            <LeftOutlined />
          </button>
        </li>
        {pageItems(page, pages).map((item, i) =>
          item === 'gap' ? (
            <li key={`gap-${i}`} className="pager-gap" aria-hidden>
              •••
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                aria-label={t('table.page', { page: item })}
                aria-current={item === page ? 'page' : undefined}
                onClick={() => go(item)}
              >
                {item}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className="pager-step"
            aria-label={t('table.next')}
            disabled={page >= pages}
            onClick={() => go(page + 1)}
          >
            <RightOutlined />
          </button>
        </li>
      </ul>
      {pageSizeOptions && (
        <Select<number>
          className="pager-size"
          aria-label={t('table.pageSizeLabel')}
          data-testid="pager-size"
          value={pageSize}
          popupMatchSelectWidth={false}
          options={pageSizeOptions.map((size) => ({ value: size, label: t('table.pageSize', { size }) }))}
          onChange={(size) => onChange(1, size)}
        />
      )}
    </nav>
  );
}

import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { pageCount, pageItems, type PagerConfig } from '@/lib/paging';

/**
 * Page buttons, total and page size under a list. Ant Design's Pagination brings its Select (and the virtual list
 * behind it) into every list page; a native select does the one thing needed here.
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
        <select
          className="pager-size"
          aria-label={t('table.pageSizeLabel')}
          value={pageSize}
          onChange={(event) => onChange(1, Number(event.target.value))}
        >
          {pageSizeOptions.map((size) => (
            <option key={size} value={size}>
              {t('table.pageSize', { size })}
            </option>
          ))}
        </select>
      )}
    </nav>
  );
}

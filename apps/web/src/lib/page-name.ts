import { useTranslation } from 'react-i18next';
import { PAGE_NAMES } from '@voltfleet/domain/permissions';
import { type Lang } from '@voltfleet/domain/i18n';

/** The display name of a permission-table page ("userList") in the UI language, as the menu shows it. */
export function usePageName(page: string): string {
  const { i18n } = useTranslation();
  return PAGE_NAMES[page]?.[i18n.language as Lang] ?? page;
}

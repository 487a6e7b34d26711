import { useTranslation } from 'react-i18next';
import { PAGE_NAMES } from '@voltfleet/domain/permissions';
import { labelOf } from '@/lib/labels';

/** The display name of a permission-table page ("userList") in the UI language, as the menu shows it. */
export function usePageName(page: string): string {
  useTranslation(); // re-renders on a language switch
  return labelOf(PAGE_NAMES[page]) ?? page;
}

import { createContext, useContext, type ComponentType, type LazyExoticComponent } from 'react';

/** The pages this build registers (page-registry.ts), as the shell's menu and the message links read them. */
export interface PageTable {
  pages: Readonly<Record<string, LazyExoticComponent<ComponentType>>>;
  details: Readonly<Record<string, { path: string; page: LazyExoticComponent<ComponentType> }>>;
}

/**
 * Given by the router (app-router.tsx). A context rather than an import: the registry loads every page through the
 * shell's chunk, so the shell importing the registry back would be a cycle.
 */
export const PageTableContext = createContext<PageTable>({ pages: {}, details: {} });

export const usePageTable = (): PageTable => useContext(PageTableContext);

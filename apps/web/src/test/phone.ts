// A phone-sized window for component tests: jsdom's own matchMedia matches no query (a desktop).
import { vi } from 'vitest';

/** Makes every max-width media query match, as a 390-pixel window does; restore with vi.restoreAllMocks(). */
export function asPhone(): void {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query.includes('max-width'),
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

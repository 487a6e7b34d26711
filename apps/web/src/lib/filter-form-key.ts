import { useState } from 'react';

interface KeyState {
  /** Bumped for each change from elsewhere: a query string could come back to the one the form started with. */
  key: number;
  /** The query this state was computed for. */
  seen: string;
  /** The query the form itself last wrote, until the URL shows it. */
  own?: string;
}

/**
 * The key of a list page's filter form, which holds the user's choices until Search. The form starts again from the
 * URL when the URL changes from elsewhere (back, a link, paging), not when the form wrote it itself: a navigation
 * commits as a transition, and a form remounted when it lands dropped whatever the user chose meanwhile (a second
 * choice made while the first search was still being applied was silently searched as the first).
 */
export function useFilterFormKey(query: string): {
  key: number;
  /** Marks the search parameters the form submits as its own; returns them. */
  own: (next: URLSearchParams) => URLSearchParams;
} {
  const [state, setState] = useState<KeyState>({ key: 0, seen: query });
  let current = state;
  if (state.seen !== query) {
    // Derived state, set while rendering (React's documented pattern): no extra commit with the stale key.
    current = { key: state.own === query ? state.key : state.key + 1, seen: query };
    setState(current);
  }
  return {
    key: current.key,
    own: (next) => {
      const written = next.toString();
      setState((s) => ({ ...s, own: written }));
      return next;
    },
  };
}

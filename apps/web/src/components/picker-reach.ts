import { useEffect, useState } from 'react';
import { preload } from '@/lib/lazy-load';

/**
 * How far a user has reached for a lazily loaded picker: not at all (its look-alike alone), the pointer over it (load
 * and show the real one), focus on it (the real one focused) or a press on it (the real one focused and open).
 */
export type PickerReach = 'none' | 'ready' | 'focus' | 'open';

/**
 * The reach of a picker shown as a look-alike until the pointer or focus gets to it (DateRangeField, DayField).
 * `load` is the loader of the picker's lazy component (the same function, so the component renders at once once
 * loaded). The handlers go on the look-alike, which stays (the same element, taking the press that follows the
 * pointer's arrival) until `show` says the picker has loaded; `autoFocus` and `defaultOpen` go on the real picker, so
 * a click on the look-alike ends in the real picker open.
 */
export function usePickerReach(load: () => Promise<unknown>, start: PickerReach = 'none') {
  const [reach, setReach] = useState<PickerReach>(start);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (reach === 'none' || loaded) return;
    let current = true;
    // A failed load shows the picker too: its lazy component loads again and reports the failure.
    const done = () => current && setLoaded(true);
    preload(load).then(done, done);
    return () => {
      current = false;
    };
  }, [reach, loaded, load]);
  const raise = (next: PickerReach) => setReach((r) => (r === 'open' || r === next ? r : next));
  return {
    reach,
    show: reach !== 'none' && loaded,
    lookAlike: {
      onPointerEnter: () => raise('ready'),
      onPointerDown: () => raise('open'),
      onFocus: () => raise('focus'),
      onClick: () => raise('open'),
    },
    picker: { autoFocus: reach !== 'ready', defaultOpen: reach === 'open' },
  };
}

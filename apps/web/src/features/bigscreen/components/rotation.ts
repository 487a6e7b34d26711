import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { BIG_SCREEN_VIEWS, type BigScreenView } from '@voltfleet/domain/big-screen';

/** The address's rotation setting: `?rotate=60` shows the next view every 60 s (map → charts → flow → map). */
export const ROTATE_PARAM = 'rotate';
/** The choices the toolbar offers (seconds; 0 = off). A bookmark may say any value between the bounds. */
export const ROTATE_CHOICES: readonly number[] = [0, 30, 60, 120, 300];
const MIN_S = 10;
const MAX_S = 3600;

/** The rotation period in seconds from the address, or 0 for none (absent, not a number, out of bounds). */
export function rotationSeconds(value: string | null): number {
  const s = Number(value);
  return Number.isInteger(s) && s >= MIN_S && s <= MAX_S ? s : 0;
}

/** The view after `view` among those the screen may show, in BIG_SCREEN_VIEWS order (wrapping round). */
export function nextView(view: BigScreenView, views: readonly BigScreenView[] = BIG_SCREEN_VIEWS): BigScreenView {
  return views[(views.indexOf(view) + 1) % views.length] ?? view;
}

/** Moves to the next view after the rotation period, keeping the address's settings (rotation, plant, …). */
export function useRotation(view: BigScreenView, views: readonly BigScreenView[]): void {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const seconds = rotationSeconds(params.get(ROTATE_PARAM));
  const search = params.toString();
  useEffect(() => {
    const next = nextView(view, views);
    if (!seconds || next === view) return;
    const timer = setTimeout(
      () => navigate({ pathname: `/bigScreen/${next}`, search }, { replace: true }),
      seconds * 1000,
    );
    return () => clearTimeout(timer);
  }, [seconds, view, views, search, navigate]);
}

import { PlantDetailPage } from '@/features/plant-detail/pages/plant-detail-page';
import { lazyNamed } from '@/lib/lazy-load';

// Loaded with the tab (the page puts it in a pane that waits for it), not with the page's first download.
const WeatherForecast = lazyNamed(() => import('@/features/weather'), 'WeatherForecast');
const PlantPerformanceTab = lazyNamed(() => import('@/features/performance'), 'PlantPerformanceTab');

/** The plant detail with the weather feature's 3-day forecast and the performance feature's tab. */
export default function PlantDetailRoute() {
  return (
    <PlantDetailPage
      renderWeather={({ plantId, timeZone }) => <WeatherForecast plantId={plantId} timeZone={timeZone} />}
      renderPerformance={({ plantId, today }) => <PlantPerformanceTab plantId={plantId} today={today} />}
    />
  );
}

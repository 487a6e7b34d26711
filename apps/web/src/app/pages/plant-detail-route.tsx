import { PlantDetailPage } from '@/features/plant-detail/pages/plant-detail-page';
import { WeatherForecast } from '@/features/weather/components/weather-forecast';

/** The plant detail with the weather feature's 3-day forecast on its weather tab. */
export default function PlantDetailRoute() {
  return (
    <PlantDetailPage
      renderWeather={({ plantId, timeZone }) => <WeatherForecast plantId={plantId} timeZone={timeZone} />}
    />
  );
}

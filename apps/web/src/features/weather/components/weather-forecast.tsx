import type { JSX } from 'react';
import { Alert, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PlantWeather } from '@voltfleet/domain/plants';
import { formatPlantTime } from '@/lib/format';
import { usePlantWeather } from '../api/get-plant-weather';
import { WeatherDayCard } from './weather-day-card';
import { unavailableReasons } from './weather-labels';
import './weather-forecast.css';

interface ForecastViewProps {
  weather: PlantWeather;
  timeZone: string;
  /** When the answer arrived: "today" is the plant's today at that moment. */
  receivedAt: number;
}

/** The forecast cards with the time they were fetched, or the reason there are none. */
export function WeatherForecastView({ weather, timeZone, receivedAt }: ForecastViewProps) {
  const { t } = useTranslation();
  const time = (iso: string) => formatPlantTime(iso, timeZone);
  if (!weather.available) {
    return (
      <div className="weather-forecast" data-testid="weather-unavailable">
        <Alert
          type="info"
          showIcon
          title={t('weather.unavailable')}
          description={
            <>
              <div>{unavailableReasons(t)[weather.reason]}</div>
              {weather.attemptedAt ? <div>{t('weather.attemptedAt', { time: time(weather.attemptedAt) })}</div> : null}
            </>
          }
        />
      </div>
    );
  }
  return (
    <div className="weather-forecast" data-testid="weather-forecast">
      <div className="weather-days">
        {weather.days.map((day) => (
          <WeatherDayCard key={day.date} day={day} timeZone={timeZone} nowMs={receivedAt} />
        ))}
      </div>
      <Typography.Text type="secondary" className="weather-updated" data-testid="weather-updated">
        {t('weather.updatedAt', { time: time(weather.fetchedAt) })}
        {weather.stale ? ` · ${t('weather.stale')}` : ''}
      </Typography.Text>
    </div>
  );
}

/** The plant's 3-day forecast (weather tab of the plant detail), in the plant's calendar and time zone. */
export function WeatherForecast(props: { plantId: number; timeZone: string }): JSX.Element {
  const { plantId, timeZone } = props;
  const { t } = useTranslation();
  const weather = usePlantWeather(plantId);
  if (weather.isPending) {
    return (
      <div className="weather-forecast" aria-busy="true" data-testid="weather-loading">
        <Skeleton active paragraph={{ rows: 4 }} />
      </div>
    );
  }
  if (weather.isError) {
    // The request itself failed (network, server): the tab still stands and says why.
    return (
      <div className="weather-forecast" data-testid="weather-unavailable">
        <Alert type="warning" showIcon title={t('weather.unavailable')} description={weather.error.message} />
      </div>
    );
  }
  return <WeatherForecastView weather={weather.data} timeZone={timeZone} receivedAt={weather.dataUpdatedAt} />;
}

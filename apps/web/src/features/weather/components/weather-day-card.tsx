import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ForecastDay } from '@voltfleet/domain/plants';
import { WeatherIcon } from './weather-icons';
import { conditionLabels } from './weather-labels';
import { conditionOfDay, dayOffset, formatForecastDate, formatTempC, localClock } from './weather-format';

interface DayCardProps {
  day: ForecastDay;
  timeZone: string;
  /** "Now" for the today/tomorrow labels (when the forecast arrived, so rendering stays pure). */
  nowMs: number;
}

/** One forecast day: its local weekday and date, icon, condition, min/max °C, precipitation, wind, sun times. */
export function WeatherDayCard({ day, timeZone, nowMs }: DayCardProps) {
  const { t, i18n } = useTranslation();
  const condition = conditionOfDay(day);
  const label = conditionLabels(t)[condition];
  const { weekday, date } = formatForecastDate(day.date, i18n.language);
  const offset = dayOffset(day.date, nowMs, timeZone);
  const heading = offset === 0 ? t('weather.today') : offset === 1 ? t('weather.tomorrow') : weekday;
  const sunrise = localClock(day.sunrise);
  const sunset = localClock(day.sunset);
  return (
    <Card size="small" className="weather-day" data-testid="weather-day" data-date={day.date}>
      <div className="weather-day-head">
        <Typography.Text strong>{heading}</Typography.Text>
        <Typography.Text type="secondary">{offset <= 1 ? `${weekday} ${date}` : date}</Typography.Text>
      </div>
      <WeatherIcon condition={condition} title={label} size={56} />
      <div className="weather-day-condition">{label}</div>
      <div className="weather-day-temp">
        <span className="weather-day-max" title={t('weather.max')}>
          {formatTempC(day.tempMaxC)}
        </span>
        <span className="weather-day-min" title={t('weather.min')}>
          {formatTempC(day.tempMinC)}
        </span>
      </div>
      <dl className="weather-day-facts">
        <dt>{t('weather.precipitation')}</dt>
        <dd>{t('weather.mm', { value: day.precipitationMm.toFixed(1) })}</dd>
        <dt>{t('weather.wind')}</dt>
        <dd>{t('weather.kmh', { value: Math.round(day.windMaxKmh) })}</dd>
        {sunrise && sunset ? (
          <>
            <dt>{t('weather.sun')}</dt>
            <dd>{`${sunrise} – ${sunset}`}</dd>
          </>
        ) : null}
      </dl>
    </Card>
  );
}

import { useTranslation } from 'react-i18next';
import { useBigScreenAlarms, useBigScreenPlants, useBigScreenSummary } from '../api/big-screen-queries';
import { AlarmTicker } from '../components/alarm-ticker';
import { FleetFigures } from '../components/fleet-figures';
import { WorldMap } from '../components/world-map';

/** Stage pixels of the map (the stage is 1920×1080, scaled to the screen). */
const MAP_WIDTH = 1480;
const MAP_HEIGHT = 840;

/** /bigScreen/map: the plants on a world map, the fleet's figures beside it and the alarm ticker below. */
export default function MapView() {
  const { t } = useTranslation();
  const summary = useBigScreenSummary();
  const plants = useBigScreenPlants();
  const alarms = useBigScreenAlarms();
  return (
    <div className="bs-map-view">
      <aside className="bs-side">
        {summary.data ? <FleetFigures data={summary.data} /> : <div className="bs-muted">{t('bigScreen.loading')}</div>}
      </aside>
      <main className="bs-map-main">
        {plants.data ? (
          <WorldMap plants={plants.data.plants} width={MAP_WIDTH} height={MAP_HEIGHT} />
        ) : (
          <div className="bs-map bs-muted" style={{ width: MAP_WIDTH, height: MAP_HEIGHT }}>
            {t('bigScreen.loading')}
          </div>
        )}
      </main>
      <AlarmTicker data={alarms.data} />
    </div>
  );
}

import { PlantConfigPage } from '@/features/plant-config/pages/plant-config-page';
import { PlantScriptPanel } from '@/features/scripts';

/** /plantCenter/plantConfig: the plant configuration page with the scripts feature's panel as its "Script" tab. */
export default function PlantConfigRoute() {
  return <PlantConfigPage scriptPanel={(plantId) => <PlantScriptPanel plantId={plantId} />} />;
}

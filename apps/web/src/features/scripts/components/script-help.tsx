import { Button, Collapse, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SCRIPT_EXAMPLES, type ScriptExample } from './script-examples';

const CONTRACT = `def derive(buckets):
    # buckets: the 5-minute buckets of one local day, oldest first
    #   [{"time": "2026-05-01T22:00:00Z",
    #     "devices": {"SN123": {"kind": "inverter", "pv_kwh": 0.1, "load_kwh": 0.05,
    #                           "grid_import_kwh": 0.0, "grid_export_kwh": 0.04,
    #                           "bat_charge_kwh": 0.01, "bat_discharge_kwh": 0.0}}}, ...]
    # return one dict per bucket, same length and order:
    #   {"pv_kwh", "load_kwh", "grid_import_kwh", "grid_export_kwh",
    #    "bat_charge_kwh", "bat_discharge_kwh", optional "earnings"}
    ...

def indicators(buckets, figures):   # optional
    # return {"name": value} or {"name": {"value": 1.5, "unit": "kWh"}}
    ...`;

const EXAMPLES: readonly ScriptExample[] = ['reverseMeter', 'excludeDevice', 'customEarnings'];

/** The script contract and three examples, each of which can be copied into the editor. */
export function ScriptHelp({ onUse, disabled }: { onUse: (source: string) => void; disabled: boolean }) {
  const { t } = useTranslation();
  const items = [
    {
      key: 'contract',
      label: t('plantScript.help.contract'),
      children: (
        <>
          <Typography.Paragraph>{t('plantScript.help.intro')}</Typography.Paragraph>
          <pre className="script-help-code">{CONTRACT}</pre>
          <Typography.Paragraph type="secondary">{t('plantScript.help.limits')}</Typography.Paragraph>
        </>
      ),
    },
    ...EXAMPLES.map((example) => ({
      key: example,
      label: t(`plantScript.help.examples.${example}`),
      children: (
        <>
          <pre className="script-help-code">{SCRIPT_EXAMPLES[example]}</pre>
          <Button size="small" disabled={disabled} onClick={() => onUse(SCRIPT_EXAMPLES[example])}>
            {t('plantScript.help.useExample')}
          </Button>
        </>
      ),
    })),
  ];
  return <Collapse size="small" items={items} defaultActiveKey={['contract']} />;
}
